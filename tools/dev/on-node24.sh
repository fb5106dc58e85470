#!/usr/bin/env bash
# Runs a workspace command on Node 24 LTS (fetched once when this machine's Node is older), e.g.
# `bash tools/dev/on-node24.sh tsx tools/bench/payments.ts`; the npm scripts go through it.
set -euo pipefail
source "$(dirname "$0")/node.sh"
exec npx --no-install "$@"
