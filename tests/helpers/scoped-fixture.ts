// One thing a test file (or a describe block) sets up once and tears down after its tests: a
// server, a database, a fake service. Called at the top of the file or block, it registers the
// beforeAll that makes the thing and the afterAll that undoes it, and returns `current()`, which
// reads it inside a test or a hook. The `use…` helpers (tests/server/api.ts useApi,
// tests/sync/support.ts useHarness, …) hand the thing out through it.
import { afterAll, beforeAll } from 'vitest';

export function scopedFixture<T>(name: string, make: () => Promise<T>, undo?: (made: T) => Promise<void> | void): () => T {
  let made: { value: T } | undefined;
  beforeAll(async () => {
    made = { value: await make() };
  });
  afterAll(async () => {
    if (made !== undefined) await undo?.(made.value);
  });
  return () => {
    if (made === undefined) throw new Error(`${name} is made in beforeAll: read it inside a test or a hook`);
    return made.value;
  };
}
