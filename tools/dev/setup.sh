#!/usr/bin/env bash
# Everything `npm start` and `npm test` need on a fresh machine: Postgres and NATS running,
# dependencies installed, contracts and SQL types generated.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/dev/node.sh
bash tools/dev/ensure-services.sh
echo "setup: installing dependencies"
# install honours the lockfile and keeps what is installed already (npm ci would start from nothing each time).
npm install --ignore-scripts --no-audit --no-fund --loglevel=error
bash tools/codegen/generate.sh
# Row and parameter types of the services' SQL, checked against a scratch database migrated like any other.
npx --no-install tsx tools/codegen/sql-types.ts
# The Merchant Console the gateway serves at /console/ (a static build, typed by the SDK generated above).
echo "setup: building the Merchant Console"
(cd packages/console && NODE_ENV=production npx --no-install vite build --logLevel warn)
