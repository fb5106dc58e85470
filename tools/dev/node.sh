#!/usr/bin/env bash
# Sourced by setup, start and test: puts the project's exact Node (.nvmrc, also package.json's
# devEngines and the Dockerfile's base image) first on PATH. A machine whose own Node is another
# version gets that exact version once from the npm registry (the node-<platform>-<arch> package
# holds the official binary) under .vrp/node, and every later command (npm, npx, vitest, tsx,
# the services) runs on it.
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NODE_VERSION_WANTED="$(tr -d '[:space:]v' < "$repo_root/.nvmrc")"
if [ "$(node -p 'process.versions.node' 2>/dev/null)" != "$NODE_VERSION_WANTED" ]; then
  node_pkg="node-$(node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo linux-x64)"
  node_dir="$repo_root/.vrp/node"
  if [ "$("$node_dir/node_modules/$node_pkg/bin/node" -p 'process.versions.node' 2>/dev/null)" != "$NODE_VERSION_WANTED" ]; then
    echo "setup: Node $(node --version 2>/dev/null || echo '(none)') is not $NODE_VERSION_WANTED; fetching $node_pkg@$NODE_VERSION_WANTED from the npm registry" >&2
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-save --no-audit --no-fund --loglevel=error "$node_pkg@$NODE_VERSION_WANTED" >&2
  fi
  export PATH="$node_dir/node_modules/$node_pkg/bin:$PATH"
fi
echo "setup: running on Node $(node --version)" >&2
