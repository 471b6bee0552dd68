#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster (docs/architecture/server.md 'Reference
# server': the same migrations and queries serve PGlite and PostgreSQL, so the server suite runs on
# both):
#   scripts/with-postgres.sh [--if-available] [--clusters N] <command> [args...]
# The cluster lives in a temp dir (data, socket, log), listens on 127.0.0.1 on a free port with
# trust auth, and is stopped and removed on exit. The command gets TEST_DATABASE_URL (and
# BENCH_DATABASE_URL) pointing at its `postgres` database; tests/helpers/test-db.ts creates a fresh
# database per test server there. Uses Debian's binaries (/usr/lib/postgresql/<major>/bin) or
# PG_BINDIR. initdb refuses to run as root, so as root the server runs as the `postgres` user.
# With --if-available a missing PostgreSQL is reported and skipped (exit 0) instead of failing,
# except under CI=true (.ci/run installs PostgreSQL, so there it must run). A cluster that is
# installed but fails to start is always an error.
# WITH_POSTGRES_OPTIONS: extra server settings appended to the cluster's options, e.g.
# '-c shared_buffers=1GB -c maintenance_work_mem=512MB' (npm run bench:scale); unset: none.
# With --clusters N, N clusters (one initdb, copied): TEST_DATABASE_URL is the first, and
# TEST_DATABASE_URLS lists all, space-separated, for a test run whose workers each take one
# (tests/setup.ts): one worker's transactions never hold back another's (scripts/server-suite-pg.sh).
set -euo pipefail

optional=0
clusters=1
if [ "${1:-}" = "--if-available" ]; then optional=1; shift; fi
if [ "${1:-}" = "--clusters" ]; then clusters="${2:-}"; shift 2; fi
if ! [[ "$clusters" =~ ^[1-9][0-9]*$ ]]; then echo "$0: --clusters takes a positive number, got '$clusters'" >&2; exit 2; fi
if [ $# -eq 0 ]; then echo "usage: $0 [--if-available] <command> [args...]" >&2; exit 2; fi

skip_or_fail() {
  if [ "$optional" = 1 ] && [ "${CI:-}" != "true" ]; then
    echo "with-postgres: SKIPPED the PostgreSQL run: $1" >&2
    echo "with-postgres: (install Debian's 'postgresql' package, or set PG_BINDIR, to run it; .ci/run installs it)" >&2
    exit 0
  fi
  echo "with-postgres: $1" >&2
  exit 1
}

bindir="${PG_BINDIR:-}"
if [ -z "$bindir" ]; then
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  skip_or_fail "no PostgreSQL server binaries (looked in \${PG_BINDIR:-/usr/lib/postgresql/*/bin})"
fi

as_server_user=()
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then skip_or_fail "running as root and there is no 'postgres' user for initdb"; fi
  as_server_user=(runuser -u postgres --)
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
chmod 700 "$dir"
if [ ${#as_server_user[@]} -gt 0 ]; then chown postgres: "$dir"; fi

stop_clusters() {
  for data in "$dir"/data*; do
    if [ -d "$data" ]; then "${as_server_user[@]}" "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  done
  rm -rf "$dir"
}
trap stop_clusters EXIT
trap 'exit 130' INT TERM

"${as_server_user[@]}" "$bindir/initdb" -D "$dir/data1" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; echo "with-postgres: initdb failed" >&2; exit 1; }
for ((n = 2; n <= clusters; n++)); do "${as_server_user[@]}" cp -a "$dir/data1" "$dir/data$n"; done

urls=()
for ((n = 1; n <= clusters; n++)); do
  port="$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();})")"
  # A test cluster: durability off for speed (it is deleted afterwards); room for many test databases' pools.
  options="-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c max_connections=300"
  options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  if [ -n "${WITH_POSTGRES_OPTIONS:-}" ]; then options="$options $WITH_POSTGRES_OPTIONS"; fi
  if ! "${as_server_user[@]}" "$bindir/pg_ctl" -D "$dir/data$n" -l "$dir/server$n.log" -o "$options" -w -t 30 start >/dev/null; then
    cat "$dir/server$n.log" >&2
    echo "with-postgres: pg_ctl start failed" >&2
    exit 1
  fi
  urls+=("postgres://postgres@127.0.0.1:$port/postgres")
  echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (cluster in $dir/data$n)" >&2
done

status=0
TEST_DATABASE_URL="${urls[0]}" TEST_DATABASE_URLS="${urls[*]}" BENCH_DATABASE_URL="${urls[0]}" "$@" || status=$?
exit "$status"
