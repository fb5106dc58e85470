#!/usr/bin/env bash
# Generates everything the build does not commit: protobuf TypeScript (buf + protoc-gen-es)
# and the SDK. Safe to run repeatedly; ~5 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
(cd proto && npx --no-install buf generate)
# The merchant-facing verification package ships compiled JavaScript; consumers here use it the same way.
(cd packages/webhook-verify && npx --no-install tsc -p tsconfig.build.json)
# The SDK's typed surface comes from the OpenAPI document; it ships compiled JavaScript too.
(cd packages/sdk && npx --no-install tsx scripts/generate.ts >/dev/null && npx --no-install tsc -p tsconfig.build.json)
# No service runs a Prisma client: each one's schema and migrations are there for `prisma migrate deploy` alone.
echo "codegen: contracts, webhook-verify and the SDK generated"
