// Issue #23 item 6: a live query's storage error never takes the screen down. Every screen hook
// of queries.ts (and the shared and chunked queries) reads through here: a read that fails keeps
// the last good value on screen (or the screen's loading state when there is none yet), and the
// failure is listed in one place, which the app-wide notice (src/components/storage-notice.tsx)
// shows with a Retry that runs every failed query again. Dexie's useLiveQuery would throw the
// error into the render, and the router's error page would replace the whole screen.
import { useState, useSyncExternalStore } from 'react';
import { useObservable } from 'dexie-react-hooks';
import { liveQuery, type Subscription } from 'dexie';

/** The failed queries, each with how to run it again. */
const failures = new Map<object, () => void>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Lists a failed query (`key` names it until it succeeds or ends). */
export function reportReadFailure(key: object, retry: () => void, error: unknown): void {
  console.warn('A live read of the local store failed; the screen keeps its last data', error);
  failures.set(key, retry);
  notify();
}

/** The query named `key` has read again, or ended: nothing to retry. */
export function clearReadFailure(key: object): void {
  if (failures.delete(key)) notify();
}

/** Runs every failed query again (the notice's Retry); one that fails again is listed again. */
export function retryFailedReads(): void {
  const retries = [...failures.values()];
  failures.clear();
  notify();
  for (const retry of retries) retry();
}

function subscribeFailures(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hasFailures = () => failures.size > 0;

/** True while some live read of the local store has failed and not read again since. */
export function useReadFailure(): boolean {
  return useSyncExternalStore(subscribeFailures, hasFailures, hasFailures);
}

type Observer<T> = { next: (value: T) => void };

/**
 * A Dexie live query of `querier` that never errors to its observer: a failure is reported with
 * `retry` and the observer keeps what it last had; a later result clears the report.
 */
export function observeLiveRead<T>(querier: () => Promise<T> | T, observer: Observer<T>, retry: () => void): Subscription {
  const key = {};
  // Always an async function: Dexie keeps a live query's scope across native awaits (a read helper
  // awaiting another, as readGroupNotify awaits currentGroupId) only when the querier itself is one
  // (liveQuery tests its Symbol.toStringTag). `() => readX(id)` lost the scope at the helper's first
  // await, so the reads after it were not watched and the screen never moved on a change (issue #49
  // major 2, the group notification choice;
  // docs/decisions/0209-issue-49-texts-that-load-later-missing-keys-fail-tests-live.md).
  const scoped = async (): Promise<T> => querier();
  const subscription = liveQuery(scoped).subscribe({
    next: (value) => {
      clearReadFailure(key);
      observer.next(value);
    },
    error: (error: unknown) => reportReadFailure(key, retry, error),
  });
  return {
    get closed() {
      return subscription.closed;
    },
    unsubscribe: () => {
      subscription.unsubscribe();
      clearReadFailure(key);
    },
  };
}

/** A read paused: nothing read, nothing watched. */
const PAUSED: Subscription = { closed: false, unsubscribe: () => undefined };

/**
 * useLiveQuery that never throws: undefined (or `initial`) until the first result, then the last
 * good result; a failure is listed for the notice, whose Retry subscribes afresh (the value kept).
 * A null `querier` pauses the read: the last result stays, and no change re-runs anything.
 */
export function useLiveRead<T>(querier: (() => Promise<T> | T) | null, deps: unknown[]): T | undefined;
export function useLiveRead<T, D>(querier: (() => Promise<T> | T) | null, deps: unknown[], initial: D): T | D;
export function useLiveRead<T, D>(querier: (() => Promise<T> | T) | null, deps: unknown[], initial?: D): T | D | undefined {
  const [attempt, setAttempt] = useState(0);
  // useObservable keeps its last result across a new observable (the deps, or a retry).
  return useObservable(
    () => ({
      subscribe: (next: (value: T) => void) => (querier === null ? PAUSED : observeLiveRead(querier, { next }, () => setAttempt((n) => n + 1))),
      // Nothing to read synchronously: a live query has no value before its first read.
      hasValue: () => false,
    }),
    [...deps, attempt],
    initial,
  );
}
