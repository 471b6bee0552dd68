// fake-indexeddb must be installed before Dexie is imported anywhere (Dexie takes the global indexedDB when it loads).
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { resetPrayGate } from '../src/commands/pray-gate';

// Each test is a fresh page for the double-tap rule (issue #12): files share their worker's
// modules (vitest.config.ts isolate: false), so a pray of one test must not absorb the next one's.
beforeEach(() => {
  resetPrayGate();
});
