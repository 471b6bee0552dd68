// Issue #10 P1: the in-memory layer under the live queries (docs/architecture/local-store.md
// 'Painting within a frame'). A tap's Dexie transaction takes 20-60 ms at 10,000 posts, more than a
// frame, so a command records its intent here synchronously, before its transaction starts, and the
// live-query hook of the row (usePost, src/db/queries.ts) shows the row as if the transaction had
// committed. Dexie stays the only store: an intent lives only until the live query has delivered a
// read made after its commit (then that read carries it), and a transaction that fails drops it, so
// the refusal shows at once as the old value (docs/architecture/local-store.md 'Local database':
// rolled back visibly).
import { useCallback, useSyncExternalStore } from 'react';

/** One tap not yet read back from Dexie. `committedSeq`: null while its transaction runs. */
type Intent = { readonly token: number; readonly committedSeq: number | null };

/** A key's intents, and the number of its latest commit (it only grows: a live query's dep). */
type IntentState = { readonly intents: readonly Intent[]; readonly lastCommit: number };

const EMPTY: IntentState = Object.freeze({ intents: Object.freeze([]), lastCommit: 0 });
const byKey = new Map<string, IntentState>();
const listeners = new Map<string, Set<() => void>>();
/** Every commit gets the next number; a read started after commit n carries every intent <= n. */
let commitSeq = 0;
let nextToken = 1;

export type IntentKey = `post:${number}`;

/** Replaces the key's state (a new object: useSyncExternalStore compares by identity). */
function update(key: IntentKey, next: (state: IntentState) => IntentState): void {
  byKey.set(key, next(byKey.get(key) ?? EMPTY));
  for (const listener of listeners.get(key) ?? []) listener();
}

/** Records a tap on `key` before its transaction starts; returns the handle for settleIntent. */
export function beginIntent(key: IntentKey): number {
  const token = nextToken++;
  update(key, (state) => ({ ...state, intents: [...state.intents, { token, committedSeq: null }] }));
  return token;
}

/**
 * The tap's transaction is over: committed (the intent stays until a read made after this point
 * arrives) or failed (the intent goes now, and the row shows the stored value again).
 */
export function settleIntent(key: IntentKey, token: number, committed: boolean): void {
  if (!committed) {
    update(key, (state) => ({ ...state, intents: state.intents.filter((intent) => intent.token !== token) }));
    return;
  }
  const seq = ++commitSeq;
  update(key, (state) => ({
    intents: state.intents.map((intent) => (intent.token === token ? { token, committedSeq: seq } : intent)),
    lastCommit: seq,
  }));
}

/** The commit number a read starting now is sure to include (captured before the read). */
export function committedUpTo(): number {
  return commitSeq;
}

/** An intent a read that captured `upTo` does not carry: still running, or committed after it. */
const isUnread = (upTo: number) => (intent: Intent) => intent.committedSeq === null || intent.committedSeq > upTo;

/** How many of the intents a read that captured `upTo` does not carry yet. */
export function unreadIntents(state: IntentState, upTo: number): number {
  return state.intents.filter(isUnread(upTo)).length;
}

/** Forgets the intents a delivered read carries (called once that read is on screen). */
export function forgetReadIntents(key: IntentKey, upTo: number): void {
  const state = byKey.get(key);
  if (!state || unreadIntents(state, upTo) === state.intents.length) return;
  update(key, (current) => ({ ...current, intents: current.intents.filter(isUnread(upTo)) }));
}

function subscribe(key: IntentKey, listener: () => void): () => void {
  const set = listeners.get(key) ?? new Set<() => void>();
  set.add(listener);
  listeners.set(key, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(key);
  };
}

/** The intents on `key` now (useIntents' snapshot). */
export function intentState(key: IntentKey): IntentState {
  return byKey.get(key) ?? EMPTY;
}

/** The intents on `key`, re-rendering the caller when one begins, settles or is read back. */
export function useIntents(key: IntentKey): IntentState {
  // Stable per key: a new subscribe function would make React unsubscribe and subscribe again on
  // every render of every card.
  const subscribeKey = useCallback((listener: () => void) => subscribe(key, listener), [key]);
  return useSyncExternalStore(subscribeKey, () => intentState(key), () => EMPTY);
}

/** Runs a command's transaction with its intent recorded: settled either way, the error rethrown. */
export async function withIntent<T>(key: IntentKey, run: () => Promise<T>): Promise<T> {
  const token = beginIntent(key);
  let committed = false;
  try {
    const result = await run();
    committed = true;
    return result;
  } finally {
    settleIntent(key, token, committed);
  }
}
