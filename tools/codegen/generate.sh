#!/usr/bin/env bash
# Generates everything the build does not commit: protobuf TypeScript (buf + protoc-gen-es)
# and the Prisma client of each service that uses one. Safe to run repeatedly; ~5 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Prisma's CLI reads the schema's env("DATABASE_URL") even to generate; no connection is made.
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/vrp_sandbox}"
(cd proto && npx --no-install buf generate)
# The merchant-facing verification package ships compiled JavaScript; consumers here use it the same way.
(cd packages/webhook-verify && npx --no-install tsc -p tsconfig.build.json)
# The SDK's typed surface comes from the OpenAPI document; it ships compiled JavaScript too.
(cd packages/sdk && npx --no-install tsx scripts/generate.ts >/dev/null && npx --no-install tsc -p tsconfig.build.json)
# A service gets a client only when its code imports one: the gateway's queries are all typed SQL,
# so its schema and migrations are there for `prisma migrate deploy` alone.
clients=0
for config in services/*/prisma.config.ts; do
  dir=$(dirname "$config")
  grep -rqs --include='*.ts' --exclude-dir=generated 'generated/prisma/' "$dir/src" || continue
  (cd "$dir" && npx --no-install prisma generate --config prisma.config.ts >/dev/null)
  clients=$((clients + 1))
done
echo "codegen: contracts, webhook-verify, the SDK and $clients Prisma clients generated"
