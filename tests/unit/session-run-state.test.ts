// The guided session's run as data (src/session/run-state.ts): start, pray, skip, previous,
// finish, the stored form read back (and refused when not of its shape), the time counted, the
// beginning screen's counts and duration estimate; and the streak (src/db/session-streak.ts).
import { describe, expect, it } from 'vitest';
import type { ApiStatistics } from '../../common/account-contract';
import type { SessionEntry } from '../../src/db/queries';
import { streakDays, utcDay } from '../../src/db/session-streak';
import {
  MAX_STEP_MS, STALE_AFTER_MS, countChoices, defaultCount, estimateMinutes, isStale, markPrayed, parseRun, previous, serializeRun, skip, startRun,
} from '../../src/session/run-state';
import { runStorageKey } from '../../src/session/run-storage';

const entry = (id: number): SessionEntry => ({ type: 'item', id, title: null, text: `Pray ${id}`, reference: id === 1 ? 'Psalm 23:1' : null, author: null });
const T0 = Date.parse('2026-11-24T10:00:00Z');

describe('a run', () => {
  it('prays, skips, goes back and finishes with the counts and the time spent', () => {
    let run = startRun([entry(1), entry(2), entry(3)], 30, T0);
    run = markPrayed(run, T0 + 20_000);
    expect(run).toMatchObject({ position: 1, prayed: [0], finished: null });
    run = previous(run, T0 + 25_000);
    expect(run.position).toBe(0);
    // Praying again for one already prayed counts once and moves on.
    run = markPrayed(run, T0 + 30_000);
    expect(run).toMatchObject({ position: 1, prayed: [0] });
    run = skip(run, T0 + 40_000);
    run = markPrayed(run, T0 + 60_000);
    expect(run.finished).toEqual({ itemsPrayed: 2, skipped: 1, durationSeconds: 60 });
    expect(run.prayed).toEqual([0, 2]);
    // A finished run does not move.
    expect(markPrayed(run, T0 + 90_000)).toBe(run);
    expect(skip(run, T0 + 90_000)).toBe(run);
  });

  it('counts a long gap (the app closed) as at most MAX_STEP_MS', () => {
    let run = startRun([entry(1), entry(2)], 0, T0);
    run = markPrayed(run, T0 + 5 * 60 * 60_000);
    run = skip(run, T0 + 5 * 60 * 60_000 + 30_000);
    expect(run.finished?.durationSeconds).toBe(MAX_STEP_MS / 1000 + 30);
  });

  it('is stale a day after its last step, unless finished', () => {
    const run = startRun([entry(1), entry(2)], 0, T0);
    expect(isStale(run, T0 + STALE_AFTER_MS)).toBe(false);
    expect(isStale(run, T0 + STALE_AFTER_MS + 1)).toBe(true);
    expect(isStale(skip(skip(run, T0), T0), T0 + 2 * STALE_AFTER_MS)).toBe(false);
  });

  it('is stored per account and source', () => {
    expect(runStorageKey('u7', 'list:3')).toBe('prayer-session:v2:u7:list:3');
    expect(runStorageKey('u7', 'bookmarks')).not.toBe(runStorageKey('u8', 'bookmarks'));
  });
});

describe('a stored run', () => {
  const run = markPrayed(startRun([entry(1), entry(2), entry(3)], 60, T0), T0 + 1_000);

  it('is read back as written (entries, position, counts, timer), the position kept inside the entries', () => {
    expect(parseRun(serializeRun(run))).toEqual(run);
    expect(parseRun(JSON.stringify({ ...run, position: 9 }))?.position).toBe(2);
  });

  it.each([
    null, '', '{', '[]',
    JSON.stringify({ ...run, entries: [] }),
    JSON.stringify({ ...run, entries: [{ ...entry(1), type: 'x' }] }),
    JSON.stringify({ ...run, prayed: ['0'] }),
    JSON.stringify({ ...run, prayed: [5] }),
    JSON.stringify({ ...run, timerSeconds: 45 }),
    JSON.stringify({ ...run, activeMs: undefined }),
    JSON.stringify({ ...run, finished: { itemsPrayed: 1 } }),
    // The first build's shape (sessionStorage, no timer, no time counted).
    JSON.stringify({ entries: run.entries, position: 0, prayed: [], startedAt: T0, finished: null }),
  ])('is dropped when not of its shape: %s', (raw) => {
    expect(parseRun(raw)).toBeNull();
  });
});

describe('the beginning screen', () => {
  it.each([
    // [available, session size, choices, default]
    [20, 5, [3, 5, 10, 20], 5],
    [20, 12, [3, 5, 10, 12, 20], 12],
    [7, 5, [3, 5, 7], 5],
    [4, 5, [3, 4], 4],
    [2, 5, [2], 2],
    [10, 10, [3, 5, 10], 10],
  ])('%i available, size %i: %j, %i first', (available, size, choices, first) => {
    expect(countChoices(available, size)).toEqual(choices);
    expect(defaultCount(available, size)).toBe(first);
  });

  it.each([
    [5, 0, 4],
    [1, 0, 1],
    [10, 0, 8],
    [5, 60, 6],
    [3, 120, 7],
    [3, 30, 2],
  ] as const)('%i requests with a %is timer: about %i minutes', (count, timer, minutes) => {
    expect(estimateMinutes(count, timer)).toBe(minutes);
  });
});

describe('the streak', () => {
  const day = (offset: number) => utcDay(T0 + offset * 86_400_000);
  const stats = (streak: number, activeOffsets: number[]): ApiStatistics => ({
    today_prayer_count: 0, total_prayers: 0,
    prayers_per_day: Array.from({ length: 30 }, (_, i) => ({ date: day(i - 29), count: activeOffsets.includes(i - 29) ? 1 : 0 })),
    sessions: { total: 0, finished: 0, total_duration_seconds: 0, total_items_prayed: 0, per_day: [] },
    streak_days: streak, longest_streak_days: streak, requests_posted: 0, thanks_posted: 0, answered_requests: 0, prayers_received: 0, bookmarks: 0, member_since: '2026-01-01',
  });

  it('is 1 on a first day, 0 with nothing at all', () => {
    expect(streakDays({ now: T0, pulled: null, localTimes: [], prayedToday: true })).toBe(1);
    expect(streakDays({ now: T0, pulled: null, localTimes: [], prayedToday: false })).toBe(0);
  });

  it('goes on from yesterday when today has nothing yet, and counts unsent prayers of earlier days', () => {
    const offline = [T0 - 86_400_000, T0 - 2 * 86_400_000];
    expect(streakDays({ now: T0, pulled: null, localTimes: offline, prayedToday: false })).toBe(2);
    expect(streakDays({ now: T0, pulled: null, localTimes: offline, prayedToday: true })).toBe(3);
  });

  it('reaches back past the 30 days pulled through the server streak', () => {
    // Pulled yesterday with a 40-day streak ending yesterday; today prayed here.
    const pulled = { statistics: stats(40, Array.from({ length: 30 }, (_, i) => i - 30)), pulledAt: T0 - 86_400_000 };
    expect(streakDays({ now: T0, pulled, localTimes: [], prayedToday: true })).toBe(41);
    // Pulled three days ago: the two days since have nothing, the streak is broken.
    const old = { statistics: stats(40, [-3]), pulledAt: T0 - 3 * 86_400_000 };
    expect(streakDays({ now: T0, pulled: old, localTimes: [], prayedToday: true })).toBe(1);
  });

  it('counts a day with only a finished session', () => {
    const statistics = stats(0, []);
    statistics.sessions.per_day = [{ date: day(-1), count: 1, duration_seconds: 60 }];
    expect(streakDays({ now: T0, pulled: { statistics, pulledAt: T0 }, localTimes: [], prayedToday: true })).toBe(2);
  });
});

describe('signing out', () => {
  it('forgets every stored run and nothing else', async () => {
    const store = new Map<string, string>([
      [runStorageKey('u1', 'bookmarks'), '{}'],
      [runStorageKey('u2', 'list:4'), '{}'],
      ['prayer-session:timer', '60'],
      ['other', 'x'],
    ]);
    const storage = {
      get length() {
        return store.size;
      },
      key: (index: number) => [...store.keys()][index] ?? null,
      removeItem: (key: string) => void store.delete(key),
    };
    Object.assign(globalThis, { localStorage: storage });
    try {
      const { forgetSessionRuns } = await import('../../src/session/run-storage');
      forgetSessionRuns();
      expect([...store.keys()]).toEqual(['prayer-session:timer', 'other']);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});
