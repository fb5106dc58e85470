#!/usr/bin/env bash
# `npm test`: every test of every project in one vitest run, on a fresh machine too.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/dev/node.sh
bash tools/dev/setup.sh
bash tools/dev/ensure-browser.sh
bash tools/dev/ensure-go.sh
bash tools/dev/ensure-prometheus.sh
export NX_DAEMON=false
exec npx --no-install vitest run "$@"
