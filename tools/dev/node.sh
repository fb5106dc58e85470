#!/usr/bin/env bash
# Sourced by setup, start and test: puts Node 24 LTS first on PATH. A machine whose own Node is
# older gets Node 24 once from the npm registry (the node-<platform>-<arch> package holds the
# official binary) under .vrp/node, and every later command (npm, npx, vitest, tsx, the
# services) runs on it.
NODE_MAJOR_WANTED=24
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt "$NODE_MAJOR_WANTED" ]; then
  node_pkg="node-$(node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo linux-x64)"
  node_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.vrp/node"
  if ! "$node_dir/node_modules/$node_pkg/bin/node" --version >/dev/null 2>&1; then
    echo "setup: Node $(node --version 2>/dev/null || echo '(none)') is older than $NODE_MAJOR_WANTED; fetching $node_pkg@$NODE_MAJOR_WANTED from the npm registry" >&2
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-save --no-audit --no-fund --loglevel=error "$node_pkg@$NODE_MAJOR_WANTED" >&2
  fi
  export PATH="$node_dir/node_modules/$node_pkg/bin:$PATH"
fi
echo "setup: running on Node $(node --version)" >&2
