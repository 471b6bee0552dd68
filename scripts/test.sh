#!/usr/bin/env bash
# `npm test` (issue #11 item 7 'Fast feedback'): every stage of the suite in order, each timed.
# A summary of the stages' durations is printed at the end, also when a stage fails (the run
# stops at the first failing stage, as `a && b && c` did, and exits with its status).
set -uo pipefail
cd "$(dirname "$0")/.."

names=()
secs=()
results=()
started_all=$(date +%s)

summary() {
  local total=$(( $(date +%s) - started_all ))
  echo
  echo "npm test: stage durations"
  for i in "${!names[@]}"; do
    printf '  %-34s %4ds  %s\n' "${names[$i]}" "${secs[$i]}" "${results[$i]}"
  done
  printf '  %-34s %4ds\n' "total" "$total"
}
trap summary EXIT

stage() {
  local name=$1; shift
  echo
  echo "=== npm test: $name ==="
  local start; start=$(date +%s)
  "$@"
  local status=$?
  names+=("$name")
  secs+=("$(( $(date +%s) - start ))")
  if [ "$status" -ne 0 ]; then
    results+=("FAILED (exit $status)")
    exit "$status"
  fi
  results+=("ok")
}

# Typecheck and lint share nothing and are each mostly one thread: side by side on two cores.
# Each one's output is printed whole when both are done.
static_checks() {
  local dir; dir=$(mktemp -d)
  npm run --silent typecheck >"$dir/typecheck" 2>&1 &
  local typecheck=$!
  npm run --silent lint >"$dir/lint" 2>&1 &
  local lint=$!
  local status=0
  wait "$typecheck" || status=1
  echo "--- typecheck"; cat "$dir/typecheck"
  wait "$lint" || status=1
  echo "--- lint"; cat "$dir/lint"
  rm -rf "$dir"
  return "$status"
}
stage "typecheck and lint" static_checks
stage "unit, sync, UI, server (PGlite)" npm run --silent test:unit
# On PostgreSQL the files that read GET posts/changes run one at a time: the files' databases
# share one cluster, and that route reads the cluster-wide transaction horizon, which another
# file's open transaction holds back (scripts/server-suite-pg.sh, docs/decisions.md 'Fast feedback').
stage "server suite on PostgreSQL" bash scripts/with-postgres.sh --if-available bash scripts/server-suite-pg.sh
stage "build" npm run --silent build
stage "e2e (Chromium)" npm run --silent e2e
# The core journeys in Debian's Firefox ESR and WebKitGTK (issue #23; e2e/engines, docs/architecture.md
# 'Cross-engine suite'), on the same build; the two engines run side by side.
stage "e2e (Firefox, WebKit)" npm run --silent e2e:engines
