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

# Commands run side by side, each one's output printed whole when all are done; fails if any does.
# Usage: side_by_side "name" "command" ["name" "command"]...
side_by_side() {
  local dir; dir=$(mktemp -d)
  local names=() pids=()
  local i=0
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$dir/$i" 2>&1 &
    pids+=($!)
    i=$((i + 1))
    shift 2
  done
  local status=0
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { status=1; names[i]="${names[$i]} (FAILED)"; }
    echo "--- ${names[$i]}"; cat "$dir/$i"
  done
  rm -rf "$dir"
  return "$status"
}

# Typecheck and lint share nothing and are each mostly one thread: side by side on two cores.
stage "typecheck and lint" side_by_side typecheck "npm run --silent typecheck" lint "npm run --silent lint"
stage "unit, sync, UI, server (PGlite)" npm run --silent test:unit
# On PostgreSQL each vitest worker has a cluster of its own: GET posts/changes reads the cluster's
# transaction horizon, which another file's open transaction would hold back
# (scripts/server-suite-pg.sh,
# docs/decisions/0156-fast-feedback-timed-stages-two-e2e-workers-every-core.md). Not beside the
# cross-engine suite, even at nice 19: it slowed WebKit's delivery past 2 s once
# (docs/decisions/0163-ci-time-measured-and-what-limits-it.md).
stage "server suite on PostgreSQL" bash scripts/with-postgres.sh --if-available --clusters "$(nproc)" bash scripts/server-suite-pg.sh
# The update spec's second build (e2e/update.spec.ts, build id platform-b) beside the suite's own:
# each build is mostly one thread, and in the e2e stage it would hold up a worker.
stage "build" side_by_side build "npm run --silent build" "second build for the update spec" "BUILD_ID=platform-b npx vite build --outDir dist-platform-b --logLevel warn"
stage "e2e (Chromium)" npm run --silent e2e
# The core journeys in Debian's Firefox ESR and WebKitGTK (issue #23; e2e/engines,
# docs/architecture/tests.md 'Cross-engine suite'), on the same build; the two engines run side by
# side.
stage "e2e (Firefox, WebKit)" npm run --silent e2e:engines
