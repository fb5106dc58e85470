#!/usr/bin/env bash
# `npm start`: the whole product on this machine, from a fresh clone.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/dev/node.sh
bash tools/dev/setup.sh
npx --no-install tsx tools/dev/migrate.ts
exec npx --no-install tsx tools/dev/start.ts
