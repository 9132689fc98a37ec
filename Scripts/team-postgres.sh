#!/usr/bin/env bash
# Starts a throwaway PostgreSQL for the team store's tests, on a Unix socket in a new temporary
# folder (no TCP port, nothing shared with a PostgreSQL the machine may already run), and prints
# the address the tests read:
#
#   eval "$(Scripts/team-postgres.sh start)"   # exports STUBBANK_TEAM_TEST_URL and TEAM_PG_DIR
#   swift test --filter TeamStore
#   Scripts/team-postgres.sh stop "$TEAM_PG_DIR"
#
# Needs Debian's `postgresql` package (its initdb and pg_ctl). PostgreSQL refuses to run as
# root, so as root the server runs as the `postgres` user the package creates.
set -euo pipefail

find_bin() {
  local name=$1 found
  found=$(ls -d /usr/lib/postgresql/*/bin/"$name" 2>/dev/null | sort -V | tail -1 || true)
  [ -n "$found" ] || found=$(command -v "$name" || true)
  [ -n "$found" ] || { echo "team-postgres: $name not found; install Debian's postgresql package" >&2; exit 1; }
  echo "$found"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    initdb=$(find_bin initdb); pg_ctl=$(find_bin pg_ctl)
    dir=$(mktemp -d /tmp/stubbank-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    as_owner "$initdb" -D "$dir/data" -A trust -U stubbank --no-sync >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -c listen_addresses='' -p 5433 -c fsync=off" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$(find_bin createdb)" -h "$dir" -p 5433 -U stubbank stubbank_test
    echo "export TEAM_PG_DIR=$dir"
    echo "export STUBBANK_TEAM_TEST_URL='postgres://stubbank@/stubbank_test?host=$dir&port=5433'"
    ;;
  stop)
    dir=${2:?usage: team-postgres.sh stop DIR}
    as_owner "$(find_bin pg_ctl)" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: Scripts/team-postgres.sh start | stop DIR" >&2
    exit 2
    ;;
esac
