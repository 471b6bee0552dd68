// The guided session's run in use (docs/product.md §2 /session, issue #13 point 4): the pure state of
// src/session/run-state.ts kept in localStorage per account and source, so a reload, going
// offline or closing the app resumes at the same request with the same entries, counts and timer.
// Every tab of the app reads the same run: a step in one shows in the others through the `storage`
// event (docs/decisions/0100-a-guided-prayer-session-the-run-lives-in-localstorage.md). Prayers go
// through the outbox as everywhere (prayForListItem / prayForPost); startTodaySession opens the
// session, finishSession closes it.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SessionEntry } from '../db/queries';
import { finishSession, prayForListItem, prayForPost, startTodaySession } from '../commands';
import { SESSION_ITEMS_QTD } from '../../common/account-contract';
import {
  isStale, isTimerSeconds, markPrayed, parseRun, previous, serializeRun, skip, startRun, type SessionRunState, type TimerSeconds,
} from './run-state';
import { runStorageKey } from './run-storage';

const TIMER_KEY = 'prayer-session:timer';
const listeners = new Set<() => void>();
/** What this tab wrote when localStorage refused it (full, blocked): the run goes on in memory. */
const memory = new Map<string, string | null>();
const parsed = new Map<string, { raw: string | null; state: SessionRunState | null }>();

function readRaw(key: string): string | null {
  if (memory.has(key)) return memory.get(key) ?? null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The run stored under `key` (the same object while its text is unchanged, as useSyncExternalStore needs). */
function readRun(key: string): SessionRunState | null {
  const raw = readRaw(key);
  const cached = parsed.get(key);
  if (cached && cached.raw === raw) return cached.state;
  const state = parseRun(raw);
  parsed.set(key, { raw, state });
  return state;
}

function writeRun(key: string, state: SessionRunState | null): void {
  const raw = state ? serializeRun(state) : null;
  try {
    if (raw === null) localStorage.removeItem(key);
    else localStorage.setItem(key, raw);
    memory.delete(key);
  } catch {
    memory.set(key, raw);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // Another tab stepped the run: its write wins over what this tab kept in memory.
    if (event.key !== null) memory.delete(event.key);
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The account part of the storage key: the member's or guest's id (their kind while the profile is not loaded). */
export function accountKey(session: { kind: string; user: { id: number } | null }): string {
  return session.user ? `u${session.user.id}` : session.kind;
}

/** Opening a session from a list of sources: a finished run of it is forgotten, an unfinished one resumes. */
export function forgetFinishedRun(account: string, source: string): void {
  const key = runStorageKey(account, source);
  if (readRun(key)?.finished) writeRun(key, null);
}

/** The timer chosen last (the beginning screen's default). */
export function lastTimerChoice(): TimerSeconds {
  try {
    const value = Number(localStorage.getItem(TIMER_KEY));
    return isTimerSeconds(value) ? value : 0;
  } catch {
    return 0;
  }
}

function rememberTimerChoice(value: TimerSeconds): void {
  try {
    localStorage.setItem(TIMER_KEY, String(value));
  } catch {
    // Only a default for next time.
  }
}

type SessionRun = {
  /** null: no run (the beginning screen); undefined: not known yet (the account is loading). */
  state: SessionRunState | null | undefined;
  isBusy: boolean;
  /** Starts a run over `entries` (frozen) with the timer chosen. */
  begin(entries: SessionEntry[], timerSeconds: TimerSeconds): void;
  /** Prays for the entry shown (once per run), then moves on; finishes after the last. */
  prayed(): Promise<void>;
  skip(): void;
  previous(): void;
  /** Forgets this run (finished or not): back to the beginning screen. */
  restart(): void;
};

/** `account` null while the session is loading; `source`: sessionRunKey of the search. */
export function useSessionRun(account: string | null, source: string, onError: (err: unknown) => void): SessionRun {
  const key = account === null ? null : runStorageKey(account, source);
  const state = useSyncExternalStore(subscribe, () => (key === null ? undefined : readRun(key)));
  const [isBusy, setBusy] = useState(false);

  // A run left a day ago is not resumed
  // (docs/decisions/0100-a-guided-prayer-session-the-run-lives-in-localstorage.md).
  useEffect(() => {
    if (key !== null && state && isStale(state, Date.now())) writeRun(key, null);
  }, [key, state]);

  // A finished run is shown until the user leaves it; coming back to the source begins anew.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  useEffect(
    () => () => {
      if (key !== null && latest.current?.finished && readRun(key)?.finished) writeRun(key, null);
    },
    [key],
  );

  /** Stores the next state; a step onto the end screen closes the session on the server (after the save, so never twice). */
  const commit = useCallback(
    (before: SessionRunState, next: SessionRunState) => {
      if (key === null || next === before) return;
      writeRun(key, next);
      if (!before.finished && next.finished) finishSession(next.finished).catch(onError);
    },
    [key, onError],
  );

  const step = useCallback(
    (move: (current: SessionRunState, now: number) => SessionRunState) => {
      const current = key === null ? null : readRun(key);
      if (current) commit(current, move(current, Date.now()));
    },
    [key, commit],
  );

  const prayed = useCallback(async () => {
    const current = key === null ? null : readRun(key);
    const entry = current?.entries[current.position];
    if (!current || current.finished || !entry || isBusy) return;
    if (!current.prayed.includes(current.position)) {
      setBusy(true);
      try {
        await (entry.type === 'item' ? prayForListItem(entry.id) : prayForPost(entry.id));
      } catch (err) {
        onError(err);
        return;
      } finally {
        setBusy(false);
      }
    }
    // Another tab may have stepped meanwhile: the prayer counts where it was made.
    const now = key === null ? null : readRun(key);
    if (!now) return;
    if (now.position === current.position) commit(now, markPrayed(now, Date.now()));
    else if (!now.prayed.includes(current.position)) commit(now, { ...now, prayed: [...now.prayed, current.position] });
  }, [key, isBusy, commit, onError]);

  return {
    state,
    isBusy,
    begin: (entries, timerSeconds) => {
      if (key === null || entries.length === 0) return;
      rememberTimerChoice(timerSeconds);
      writeRun(key, startRun(entries, timerSeconds, Date.now()));
      startTodaySession(Math.min(entries.length, SESSION_ITEMS_QTD.max)).catch(onError);
    },
    prayed,
    skip: () => step(skip),
    previous: () => step(previous),
    restart: () => {
      if (key !== null) writeRun(key, null);
    },
  };
}
