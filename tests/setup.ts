// fake-indexeddb must be installed before Dexie is imported anywhere (Dexie takes the global indexedDB when it loads).
import 'fake-indexeddb/auto';
import i18next from 'i18next';
import { afterEach, beforeEach } from 'vitest';
import { resetPrayGate } from '../src/commands/pray-gate';
// Tests write the outbox directly, as the commands, the engine and the service worker do (src/model/queue-counts.ts).
import '../src/model/queue-counter';
import { FAIL_ON_MISSING_KEYS, takeMissingKeys } from './helpers/missing-keys';

// On PostgreSQL with a cluster per worker (scripts/with-postgres.sh --clusters, scripts/server-suite-pg.sh),
// each worker's files use their own cluster: a file's open transaction then never holds back
// another worker's change reads (GET posts/changes reads the cluster-wide transaction horizon).
const clusters = (process.env.TEST_DATABASE_URLS ?? '').split(' ').filter((url) => url !== '');
const pool = Number(process.env.VITEST_POOL_ID ?? '1');
if (clusters.length > 1) {
  if (!Number.isInteger(pool) || pool < 1 || pool > clusters.length) {
    throw new Error(`Worker ${String(process.env.VITEST_POOL_ID)} has no PostgreSQL cluster of its own (${String(clusters.length)} clusters): run vitest with --maxWorkers=${String(clusters.length)}`);
  }
  process.env.TEST_DATABASE_URL = clusters[pool - 1];
}

// Each test is a fresh page for the double-tap rule (issue #12): files share their worker's
// modules (vitest.config.ts isolate: false), so a pray of one test must not absorb the next one's.
beforeEach(() => {
  resetPrayGate();
});

// Issue #49 item 2: a text asked for that no loaded catalogue holds fails the test that asked
// (tests/helpers/missing-keys.ts). The app's own i18next (the default instance) keeps these
// options through every later init(), which merges its options over what it already has.
Object.assign(i18next.options, FAIL_ON_MISSING_KEYS);
beforeEach(() => {
  takeMissingKeys();
});
afterEach(() => {
  const missing = takeMissingKeys();
  if (missing.length > 0) throw new Error(`Texts asked for that no loaded catalogue holds (a person would read the key): ${missing.join('; ')}`);
});
