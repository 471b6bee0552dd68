#!/usr/bin/env bash
# The server suite on PostgreSQL (run inside scripts/with-postgres.sh, which sets TEST_DATABASE_URL):
# the files that read GET posts/changes run one at a time, the rest on every core. Those files'
# answers depend on the cluster-wide oldest running transaction (`pg_snapshot_xmin`,
# server/domain/post-changes.ts), which another file's open transaction holds back; no other
# file does (docs/decisions.md 'Fast feedback'). A file is a changes reader when it names the
# route or uses the helper that reads it (tests/server/sync-support.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t readers < <(grep -lE "posts/changes|sync-support" tests/server/*.test.ts | sort)
excludes=()
for file in "${readers[@]}"; do excludes+=(--exclude "$file"); done

echo "server suite on PostgreSQL: all files but the ${#readers[@]} changes readers, in parallel"
npx vitest run tests/server "${excludes[@]}"
echo "server suite on PostgreSQL: the changes readers, one at a time: ${readers[*]}"
npx vitest run "${readers[@]}" --maxWorkers=1
