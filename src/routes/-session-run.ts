// One prayer session in progress (SPEC §2 /session): the items frozen when it starts, the position,
// what was prayed and when it began, kept in sessionStorage per source so that a reload (offline
// too) resumes where the user was, and a second tab starts its own. The items are frozen because
// the live order moves as soon as one is prayed (least recently prayed first, src/db/session-order.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionEntry } from '../db/queries';
import { finishSession, prayForListItem, prayForPost, startTodaySession } from '../commands';

export type SessionRunState = {
  entries: SessionEntry[];
  /** Index of the entry shown. */
  position: number;
  /** Positions prayed for in this session (a position counts once). */
  prayed: number[];
  /** Epoch ms of the start: the duration survives a reload. */
  startedAt: number;
  finished: { itemsPrayed: number; durationSeconds: number } | null;
};

const STORAGE_PREFIX = 'prayer-session:';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

function isEntry(value: unknown): value is SessionEntry {
  return (
    isRecord(value) && (value.type === 'item' || value.type === 'post') && typeof value.id === 'number' && typeof value.text === 'string' &&
    isNullableString(value.title) && isNullableString(value.reference) && isNullableString(value.author)
  );
}

function isFinished(value: unknown): value is SessionRunState['finished'] {
  return value === null || (isRecord(value) && typeof value.itemsPrayed === 'number' && typeof value.durationSeconds === 'number');
}

/** A stored run, or null when absent or not of this shape (an older build's, a hand edit). */
export function parseRun(raw: string | null): SessionRunState | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Array.isArray(value.entries) || !value.entries.every(isEntry) || value.entries.length === 0) return null;
  const { position, prayed, startedAt, finished } = value;
  if (typeof position !== 'number' || typeof startedAt !== 'number' || !Array.isArray(prayed) || !isFinished(finished)) return null;
  if (!prayed.every((p): p is number => typeof p === 'number')) return null;
  return { entries: value.entries, position: Math.min(Math.max(0, position), value.entries.length - 1), prayed, startedAt, finished };
}

function load(key: string): SessionRunState | null {
  try {
    return parseRun(sessionStorage.getItem(STORAGE_PREFIX + key));
  } catch {
    return null;
  }
}

function save(key: string, state: SessionRunState | null): void {
  try {
    if (state) sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(state));
    else sessionStorage.removeItem(STORAGE_PREFIX + key);
  } catch {
    // Storage full or blocked: the session goes on in memory, only a reload would restart it.
  }
}

/** Picking a session again: a finished run of that source is forgotten, an unfinished one resumes. */
export function forgetFinishedRun(key: string): void {
  if (load(key)?.finished) save(key, null);
}

export type SessionRun = {
  state: SessionRunState | null;
  isBusy: boolean;
  /** Prays for the entry shown (once per session), then moves on; finishes after the last. */
  prayAndNext(): Promise<void>;
  next(): void;
  previous(): void;
  /** Forgets this run (finished or not): the next render starts a new one. */
  restart(): void;
};

/**
 * `entries`: the live session order (undefined while loading). A run starts once they are known
 * and `canStart` (a session to pray with); startTodaySession and finishSession go through the outbox.
 */
export function useSessionRun(key: string, entries: SessionEntry[] | undefined, canStart: boolean, onError: (err: unknown) => void): SessionRun {
  const [state, setState] = useState<SessionRunState | null>(() => load(key));
  const [isBusy, setBusy] = useState(false);
  const starting = useRef(false);

  const update = useCallback(
    (next: SessionRunState | null) => {
      save(key, next);
      setState(next);
    },
    [key],
  );

  useEffect(() => {
    if (state || starting.current || !canStart || !entries || entries.length === 0) return;
    // React may run effects twice: the ref (kept across that) makes sure one session starts.
    starting.current = true;
    update({ entries, position: 0, prayed: [], startedAt: Date.now(), finished: null });
    startTodaySession(entries.length).catch(onError);
  }, [state, canStart, entries, key, update, onError]);

  // A finished run is shown until the user leaves it; coming back to the source starts a new one.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  useEffect(
    () => () => {
      if (latest.current?.finished) save(key, null);
    },
    [key],
  );

  const finish = useCallback(
    (current: SessionRunState, prayed: number[]) => {
      const finished = { itemsPrayed: prayed.length, durationSeconds: Math.round((Date.now() - current.startedAt) / 1000) };
      // Saved before the command, so a reload in between never finishes the session twice.
      update({ ...current, prayed, finished });
      finishSession(finished).catch(onError);
    },
    [update, onError],
  );

  const moveOn = useCallback(
    (current: SessionRunState, prayed: number[]) => {
      if (current.position >= current.entries.length - 1) finish(current, prayed);
      else update({ ...current, prayed, position: current.position + 1 });
    },
    [finish, update],
  );

  const prayAndNext = useCallback(async () => {
    if (!state || state.finished || isBusy) return;
    const entry = state.entries[state.position];
    if (!entry) return;
    if (state.prayed.includes(state.position)) return moveOn(state, state.prayed);
    setBusy(true);
    try {
      await (entry.type === 'item' ? prayForListItem(entry.id) : prayForPost(entry.id));
      moveOn(state, [...state.prayed, state.position]);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }, [state, isBusy, moveOn, onError]);

  return {
    state,
    isBusy,
    prayAndNext,
    next: () => {
      if (state && !state.finished) moveOn(state, state.prayed);
    },
    previous: () => {
      if (state && !state.finished && state.position > 0) update({ ...state, position: state.position - 1 });
    },
    restart: () => {
      starting.current = false;
      update(null);
    },
  };
}
