// Every write to the local store forgets the start snapshot (common/start-snapshot.ts), in whichever
// context it commits: the page, the sync worker, the service worker (Dexie's 'storagemutated'
// fires where a write transaction committed, and in the other contexts of the origin). So the
// snapshot a start is shown is never older than the store; the feed screen saves a new one once
// it has drawn the write (src/platform/start-snapshot.ts). Started by src/model/db.ts, so no
// context that can write the store runs without it.
import { Dexie } from 'dexie';
import { forgetStartSnapshot } from '../../common/start-snapshot';

let generation = 0;
let isGuarding = false;
const listeners = new Set<() => void>();

export function guardStartSnapshot(): void {
  if (isGuarding) return;
  isGuarding = true;
  Dexie.on('storagemutated', () => {
    generation += 1;
    void forgetStartSnapshot();
    for (const listener of listeners) listener();
  });
}

/** How many writes this context has heard of: a snapshot drawn before one is not saved after it. */
export function storeGeneration(): number {
  return generation;
}

/** Called after each write heard of (and the snapshot forgotten); returns the unsubscribe. */
export function onStoreWritten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
