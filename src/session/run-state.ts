// A guided prayer session's run (docs/product.md §2 /session, issue #13 point 4), as plain data: the entries
// frozen when the user pressed Start, the position, what was prayed, the quiet timer chosen and the
// time spent, kept in localStorage per account and source so that a reload, going offline or
// closing the app resumes at the same request (src/session/run.ts keeps it there). The
// entries are frozen because the live order moves as soon as one is prayed (src/db/session-order.ts).
// Pure: every transition takes the time it happens at, so tests need no clock.
import type { SessionEntry } from '../db/queries';

/** The quiet timer per request, in seconds (0: off). */
export const TIMER_CHOICES = [0, 30, 60, 120] as const;
export type TimerSeconds = (typeof TIMER_CHOICES)[number];

/** The counts offered on the beginning screen (plus the user's session size and "all"). */
const COUNT_CHOICES = [3, 5, 10] as const;

/** A gap longer than this between two steps counts as this much prayer (the app was closed, the phone put away). */
export const MAX_STEP_MS = 10 * 60_000;
/** An unfinished run untouched this long is stale: the next visit begins anew (docs/decisions/0100-a-guided-prayer-session-the-run-lives-in-localstorage.md). */
export const STALE_AFTER_MS = 24 * 60 * 60_000;
/** The server accepts at most a day (docs/api.md PUT user/session-finished). */
const MAX_DURATION_SECONDS = 86_400;
/** Without a timer, a request takes about this long to read and pray for. */
const SECONDS_PER_REQUEST = 45;

export type SessionRunState = {
  entries: SessionEntry[];
  /** Index of the entry shown. */
  position: number;
  /** Positions prayed for in this session (a position counts once). */
  prayed: number[];
  timerSeconds: TimerSeconds;
  /** Epoch ms of the start (it also picks the closing line). */
  startedAt: number;
  /** Time in prayer so far, gaps capped at MAX_STEP_MS, and when it was last counted. */
  activeMs: number;
  lastActiveAt: number;
  finished: { itemsPrayed: number; skipped: number; durationSeconds: number } | null;
};

export function startRun(entries: SessionEntry[], timerSeconds: TimerSeconds, now: number): SessionRunState {
  return { entries, position: 0, prayed: [], timerSeconds, startedAt: now, activeMs: 0, lastActiveAt: now, finished: null };
}

function touch(state: SessionRunState, now: number): SessionRunState {
  const step = Math.min(Math.max(0, now - state.lastActiveAt), MAX_STEP_MS);
  return { ...state, activeMs: state.activeMs + step, lastActiveAt: now };
}

function finish(state: SessionRunState, now: number): SessionRunState {
  const counted = touch(state, now);
  const durationSeconds = Math.min(MAX_DURATION_SECONDS, Math.round(counted.activeMs / 1000));
  return { ...counted, finished: { itemsPrayed: counted.prayed.length, skipped: counted.entries.length - counted.prayed.length, durationSeconds } };
}

/** On from the entry shown: the next one, or the end after the last. */
function moveOn(state: SessionRunState, now: number): SessionRunState {
  if (state.position >= state.entries.length - 1) return finish(state, now);
  return touch({ ...state, position: state.position + 1 }, now);
}

/** The entry shown was prayed for (the command succeeded): record it once, then move on. */
export function markPrayed(state: SessionRunState, now: number): SessionRunState {
  if (state.finished) return state;
  const prayed = state.prayed.includes(state.position) ? state.prayed : [...state.prayed, state.position];
  return moveOn({ ...state, prayed }, now);
}

/** Skip (or Next on one already prayed): on without praying. */
export function skip(state: SessionRunState, now: number): SessionRunState {
  return state.finished ? state : moveOn(state, now);
}

export function previous(state: SessionRunState, now: number): SessionRunState {
  if (state.finished || state.position === 0) return state;
  return touch({ ...state, position: state.position - 1 }, now);
}

export function isStale(state: SessionRunState, now: number): boolean {
  return !state.finished && now - state.lastActiveAt > STALE_AFTER_MS;
}

/** About how many minutes `count` requests take: the timer's length when on, else an estimate; at least 1. */
export function estimateMinutes(count: number, timerSeconds: TimerSeconds): number {
  const perRequest = timerSeconds > 0 ? timerSeconds + 10 : SECONDS_PER_REQUEST;
  return Math.max(1, Math.round((count * perRequest) / 60));
}

/** The counts to offer for `available` entries: the fixed ones and the user's size below it, then all. */
export function countChoices(available: number, sessionSize: number): number[] {
  const below = [...COUNT_CHOICES, sessionSize].filter((count) => count > 0 && count < available);
  return [...new Set([...below, available])].sort((a, b) => a - b);
}

/** The count chosen at first: the user's session size (docs/product.md §7 PUT user/prayer-session-items-qtd), or all when fewer. */
export function defaultCount(available: number, sessionSize: number): number {
  return Math.max(0, Math.min(available, sessionSize));
}

// ---- Stored form -------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNullableString = (value: unknown) => value === null || typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function isEntry(value: unknown): value is SessionEntry {
  return (
    isRecord(value) && (value.type === 'item' || value.type === 'post') && typeof value.id === 'number' && typeof value.text === 'string' &&
    isNullableString(value.title) && isNullableString(value.reference) && isNullableString(value.author)
  );
}

function isFinished(value: unknown): value is SessionRunState['finished'] {
  return value === null || (isRecord(value) && isCount(value.itemsPrayed) && isCount(value.skipped) && isCount(value.durationSeconds));
}

export function isTimerSeconds(value: unknown): value is TimerSeconds {
  return TIMER_CHOICES.some((choice) => choice === value);
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
  if (!isRecord(value) || !Array.isArray(value.entries) || value.entries.length === 0 || !value.entries.every(isEntry)) return null;
  const { position, prayed, timerSeconds, startedAt, activeMs, lastActiveAt, finished } = value;
  if (!isCount(position) || !isCount(startedAt) || !isCount(activeMs) || !isCount(lastActiveAt) || !isTimerSeconds(timerSeconds) || !isFinished(finished)) return null;
  const last = value.entries.length - 1;
  if (!Array.isArray(prayed) || !prayed.every((p): p is number => Number.isInteger(p) && p >= 0 && p <= last)) return null;
  return { entries: value.entries, position: Math.min(Math.floor(position), last), prayed: [...new Set(prayed)], timerSeconds, startedAt, activeMs, lastActiveAt, finished };
}

export function serializeRun(state: SessionRunState): string {
  return JSON.stringify(state);
}
