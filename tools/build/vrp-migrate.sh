#!/bin/sh
# vrp-migrate <service>|all — the tools image's migration command: creates the service's schema
# (the one its Prisma datasource names, else its name with dashes as underscores) if it is missing
# (each prisma.config.ts keeps _prisma_migrations in the service's own schema, so
# `migrate deploy` cannot start without it), then applies the service's Prisma migrations with the
# stock `prisma migrate deploy` to DATABASE_URL. The Helm chart's migration Jobs run it; so can an
# operator (`kubectl exec … -- vrp-migrate payment`, or `docker run … vrp-migrate all`).
# VRP_APP (default /app) is where the image keeps services/<name>/prisma*, ensure-schema.mjs and
# node_modules/prisma.
set -eu
app="${VRP_APP:-/app}"
services=$(cd "$app/services" && for c in */prisma.config.ts; do [ -f "$c" ] && printf '%s ' "${c%/prisma.config.ts}"; done)
usage() { echo "usage: vrp-migrate <$(echo $services | tr ' ' '|')|all>   (DATABASE_URL must be set)" >&2; exit 2; }
[ $# -eq 1 ] || usage
[ -n "${DATABASE_URL:-}" ] || { echo "vrp-migrate: DATABASE_URL is not set" >&2; exit 2; }
schema_of() {
  named=$(sed -n 's/^[[:space:]]*schemas[[:space:]]*=[[:space:]]*\["\([a-z_]*\)".*/\1/p' "$app/services/$1/prisma/schema.prisma" 2>/dev/null | head -n 1)
  if [ -n "$named" ]; then echo "$named"; else echo "$1" | tr - _; fi
}
migrate() {
  case " $services " in *" $1 "*) ;; *) echo "vrp-migrate: unknown service '$1'" >&2; usage ;; esac
  echo "vrp-migrate: $1"
  node "$app/ensure-schema.mjs" "$(schema_of "$1")"
  (cd "$app" && node node_modules/prisma/build/index.js migrate deploy --config "services/$1/prisma.config.ts")
}
if [ "$1" = all ]; then for s in $services; do migrate "$s"; done; else migrate "$1"; fi
