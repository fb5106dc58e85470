#!/usr/bin/env bash
# The operations guide's PromQL queries are run by a test against a real Prometheus scraping a
# real service (tools/deploy-check/promql.test.ts): installs Debian's Prometheus when it is missing.
set -euo pipefail
if command -v prometheus >/dev/null 2>&1; then exit 0; fi
echo "setup: installing Prometheus for the PromQL test"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -q --no-install-recommends prometheus >/dev/null 2>&1 \
  || { $SUDO apt-get update -q >/dev/null 2>&1 && $SUDO apt-get install -y -q --no-install-recommends prometheus >/dev/null; }
