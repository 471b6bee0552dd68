// One drainer at a time across tabs, the worker and the service worker
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol'), through the Web Locks API. Where
// it is absent (Node tests, old browsers) an in-context mutex keeps at least this context's callers
// in line. Locks are not re-entrant: never take one while held.

const chains = new Map<string, Promise<unknown>>();
/** Callers of the in-context mutex queued and not yet running, by name. */
const waiting = new Map<string, number>();

function countWaiting(name: string, change: number): void {
  const count = (waiting.get(name) ?? 0) + change;
  if (count > 0) waiting.set(name, count);
  else waiting.delete(name);
}

async function localLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = chains.get(name) ?? Promise.resolve();
  countWaiting(name, 1);
  const start = () => {
    countWaiting(name, -1);
    return fn();
  };
  const run = previous.then(start, start);
  // The chain continues whether this run succeeds or fails.
  chains.set(name, run.catch(() => undefined));
  return run;
}

function webLocks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (!locks) return localLock(name, fn);
  return locks.request(name, fn);
}

/**
 * Someone, in any context of the origin, waits for the lock: its holder should let it go soon
 * (a read-ahead chain holds on only while nobody waits, worker/feed-read-ahead.ts).
 */
export async function hasLockWaiters(name: string): Promise<boolean> {
  const locks = webLocks();
  if (!locks) return (waiting.get(name) ?? 0) > 0;
  const { pending = [] } = await locks.query();
  return pending.some((request) => request.name === name);
}
