#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: installs Debian's `postgresql` if it is
# missing, starts a fresh cluster in a temporary folder listening only on 127.0.0.1, creates a
# database, runs the command with E2E_DATABASE_URL pointing at it, then stops the cluster and
# removes the folder. Any failure, including a server that will
# not start, fails the run.
#
#   scripts/with-postgres.sh npx playwright test      (npm run test:postgres)
#
# PG_PORT picks the port (default: the first free one from 25432, below the kernel's ephemeral
# range: a port in that range can be held by any outgoing connection's local end, which a
# connect() probe does not see, and the server then fails to bind).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 command [args...]" >&2
  exit 2
fi

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
  echo "Installing Debian's PostgreSQL server"
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed and installing it needs root (apt-get install postgresql)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi
BIN="$(pg_bin)"

# root may not run the server: run it as the `postgres` account Debian's package creates.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT="${PG_PORT:-25432}"
if [ -z "${PG_PORT:-}" ]; then
  while port_in_use "$PORT"; do PORT=$((PORT + 1)); done
elif port_in_use "$PORT"; then
  echo "Port $PORT on 127.0.0.1 is already in use" >&2
  exit 1
fi

CLUSTER="$(mktemp -d "${TMPDIR:-/tmp}/pawpal-pg-XXXXXX")"
[ "$(id -u)" -eq 0 ] && chown postgres: "$CLUSTER"
STARTED=""
cleanup() {
  local status=$?
  if [ -n "$STARTED" ]; then
    as_owner "$BIN/pg_ctl" -D "$CLUSTER/data" -m fast -w stop >/dev/null || status=1
  fi
  rm -rf "$CLUSTER"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Trust authentication is fine here: the server listens on 127.0.0.1 only, lives for this run
# and holds nothing but test data.
as_owner "$BIN/initdb" -D "$CLUSTER/data" -U postgres --auth=trust -E UTF8 --no-locale >"$CLUSTER/initdb.log" \
  || { cat "$CLUSTER/initdb.log" >&2; exit 1; }
STARTED=1
if ! as_owner "$BIN/pg_ctl" -D "$CLUSTER/data" -l "$CLUSTER/server.log" -w -t 60 start \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $CLUSTER -c fsync=off"; then
  cat "$CLUSTER/server.log" >&2
  exit 1
fi
as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres pawpal

URL="postgres://postgres@127.0.0.1:$PORT/pawpal"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') is running on 127.0.0.1:$PORT (database pawpal)"
E2E_DATABASE_URL="$URL" "$@"
