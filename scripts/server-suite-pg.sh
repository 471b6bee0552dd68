#!/usr/bin/env bash
# The server suite on PostgreSQL (run inside scripts/with-postgres.sh --clusters N, which sets
# TEST_DATABASE_URLS): one vitest worker per cluster (tests/setup.ts gives each worker its own).
# Files that read GET posts/changes get answers that depend on the cluster-wide oldest running
# transaction (`pg_snapshot_xmin`, server/domain/post-changes.ts), which another file's open
# transaction on the same cluster holds back; a worker runs its files one after another, so on a
# cluster of its own no other file's transaction is open
# (docs/decisions/0156-fast-feedback-timed-stages-two-e2e-workers-every-core.md).
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a clusters <<<"${TEST_DATABASE_URLS:-${TEST_DATABASE_URL:-}}"
if [ ${#clusters[@]} -eq 0 ]; then echo "$0: run it inside scripts/with-postgres.sh" >&2; exit 2; fi

# The files that test the embedded database itself (PGlite in a DATA_DIR: backups, the DATA_DIR
# lock, PGlite's parsers) say "Embedded database only" in their header and are left out: they run
# on PGlite whatever TEST_DATABASE_URL says, so a second pass repeats the first (issue #23 item 7).
mapfile -t embedded < <(grep -l "^// Embedded database only" tests/server/*.test.ts | sort)
excludes=()
for file in "${embedded[@]}"; do excludes+=(--exclude "$file"); done

echo "server suite on PostgreSQL: ${#clusters[@]} workers, a cluster each; leaving out ${#embedded[@]} files of the embedded database only: ${embedded[*]}"
npx vitest run tests/server "${excludes[@]}" --maxWorkers="${#clusters[@]}"
