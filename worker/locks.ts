// One drainer at a time across tabs, the worker and the service worker (docs/architecture.md 'Outbox and sync protocol'), through
// the Web Locks API. Where it is absent (Node tests, old browsers) an in-context mutex keeps at
// least this context's callers in line. Locks are not re-entrant: never take one while held.

const chains = new Map<string, Promise<unknown>>();

async function localLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = chains.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  // The chain continues whether this run succeeds or fails.
  chains.set(name, run.catch(() => undefined));
  return run;
}

export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return localLock(name, fn);
  return locks.request(name, fn);
}
