// One Dexie live query shared by every component that reads the same thing. useLiveQuery runs a
// query per component: the session read by each feed card's menu ran four outbox counts for every
// card mounted while scrolling (bench SCROLL: 4 x 9,812 counts) and again for every card on every
// outbox change. Here the first subscriber starts the query, the last one stops it, and everyone
// in between shares its result (useSyncExternalStore). A failed read keeps the last result and is
// listed for the storage notice, whose Retry subscribes afresh (src/db/live-read.ts).
import { useSyncExternalStore } from 'react';
import type { Subscription } from 'dexie';
import { observeLiveRead } from './live-read';

type SharedLiveQuery<T> = { use: () => T };

/** A shared live query of `querier`; `initial` is shown until its first result, as useLiveQuery's default. */
export function sharedLiveQuery<T>(querier: () => Promise<T>, initial: T): SharedLiveQuery<T> {
  const listeners = new Set<() => void>();
  let value = initial;
  let subscription: Subscription | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const start = () => {
    const next = (result: T) => {
      value = result;
      notify();
    };
    subscription = observeLiveRead(querier, { next }, restart);
  };
  function restart(): void {
    if (!subscription) return;
    subscription.unsubscribe();
    start();
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (!subscription) start();
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      subscription?.unsubscribe();
      subscription = null;
      // A later first subscriber starts from the default again, as a new useLiveQuery would.
      value = initial;
    };
  };
  const getSnapshot = (): T => value;
  return { use: () => useSyncExternalStore(subscribe, getSnapshot) };
}
