#!/usr/bin/env bash
# Makes sure PostgreSQL and NATS JetStream answer on their local ports, starting them if they
# do not (and installing them with apt on a machine that has neither). Idempotent.
set -euo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  echo "error: nothing answers on 127.0.0.1:$1 after 30 s ($2)" >&2
  return 1
}

PG_PORT="${PGPORT:-5432}"
NATS_PORT="${NATS_PORT:-4222}"

if ! port_open "$PG_PORT"; then
  if ! ls /etc/postgresql >/dev/null 2>&1; then
    echo "setup: installing PostgreSQL"; apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  fi
  echo "setup: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  wait_port "$PG_PORT" PostgreSQL
fi

# Two test files at a time each run a whole platform (seven services, a pool each): Debian's
# default of 100 connections is too few. Raised once, with a restart, only when lower.
MIN_CONNECTIONS=300
connections="$(psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -Atc 'SHOW max_connections' 2>/dev/null || echo "$MIN_CONNECTIONS")"
if [ "$connections" -lt "$MIN_CONNECTIONS" ]; then
  echo "setup: raising PostgreSQL's max_connections from $connections to $MIN_CONNECTIONS (restarts it)"
  psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "ALTER SYSTEM SET max_connections = $MIN_CONNECTIONS"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main restart
  wait_port "$PG_PORT" PostgreSQL
fi

if ! port_open "$NATS_PORT"; then
  if [ ! -x /usr/sbin/nats-server ]; then
    echo "setup: installing nats-server"; apt-get update -qq && apt-get install -y -qq nats-server >/dev/null
  fi
  echo "setup: starting NATS with JetStream"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p "$NATS_PORT" -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_port "$NATS_PORT" NATS
fi
echo "setup: PostgreSQL on :$PG_PORT and NATS JetStream on :$NATS_PORT are up"
