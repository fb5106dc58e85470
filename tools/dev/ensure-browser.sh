#!/usr/bin/env bash
# The console's browser tests drive Debian's Chromium (a browser downloaded at test time would
# not be reachable offline); installs it with apt when it is missing. Idempotent.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Chromium for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
