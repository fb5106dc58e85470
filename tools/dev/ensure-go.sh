#!/usr/bin/env bash
# The chart tests render the Helm chart with Go's text/template and sprig, as Helm does: installs
# Debian's Go and sprig sources when they are missing (like Postgres, NATS and Chromium).
set -euo pipefail
if command -v go >/dev/null 2>&1 && [ -d /usr/share/gocode/src/github.com/Masterminds/sprig ]; then exit 0; fi
echo "setup: installing Go and sprig for the chart tests"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -q golang-go golang-github-masterminds-sprig-dev >/dev/null 2>&1 \
  || { $SUDO apt-get update -q >/dev/null 2>&1 && $SUDO apt-get install -y -q golang-go golang-github-masterminds-sprig-dev >/dev/null; }
