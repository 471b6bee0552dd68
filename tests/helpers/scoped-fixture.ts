// One thing a test file (or a describe block) sets up once and tears down after its tests: a
// server, a database, a fake service. Called at the top of the file or block, it registers the
// beforeAll that makes the thing and the afterAll that undoes it. scopedFixture returns
// `current()`, which reads the thing inside a test or a hook; scopedObject returns the thing
// itself as the file uses it (`api.call(…)`), each field read from the made one when used. The
// `use…` helpers (tests/server/api.ts useApi, tests/sync/support.ts useHarness, …) are built on it.
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

export function scopedObject<T extends object>(name: string, make: () => Promise<T>, undo?: (made: T) => Promise<void> | void): T {
  const current = scopedFixture(name, make, undo);
  const read = (key: string | symbol): unknown => {
    const target = current();
    const value: unknown = Reflect.get(target, key);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  };
  return new Proxy({} as T, {
    // Never a promise: `await` and `return` from an async function ask for `then` before the made thing may exist.
    get: (_, key) => (key === 'then' ? undefined : read(key)),
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
}
