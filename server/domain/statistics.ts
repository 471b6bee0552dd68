// GET user/my-statistics (docs/product.md §2 /statistics, §7): counters and the series a statistics screen
// charts. Days are UTC, like today_prayer_count (domain/users.ts).
import { and, count, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ApiStatistics, DayCount, SessionDay } from '../../common/account-contract';
import type { Db } from '../db/client';
import { posts } from '../db/schema/posts';
import { bookmarks, prayers, prayerSessions } from '../db/schema/prayers';
import { groupAudience } from './group-visibility';
import type { UserRow } from './tokens';
import { todayPrayerCount, utcMidnight } from './users';

const CHART_DAYS = 30;
const DAY_MS = 86_400_000;

const utcDay = (column: SQL | typeof prayers.createdAt) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The chart's days, oldest first, ending today. */
function chartDays(now: Date): string[] {
  const today = utcMidnight(now).getTime();
  return Array.from({ length: CHART_DAYS }, (_, i) => isoDay(new Date(today - (CHART_DAYS - 1 - i) * DAY_MS)));
}

/** Current streak (ending today, or yesterday when nothing yet today) and the longest, in days. */
function streaks(activeDays: ReadonlySet<string>, now: Date): { current: number; longest: number } {
  const sorted = [...activeDays].sort();
  let longest = 0;
  let run = 0;
  let previous: number | undefined;
  for (const day of sorted) {
    const t = Date.parse(`${day}T00:00:00Z`);
    run = previous !== undefined && t - previous === DAY_MS ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = t;
  }
  let cursor = utcMidnight(now).getTime();
  if (!activeDays.has(isoDay(new Date(cursor)))) cursor -= DAY_MS;
  let current = 0;
  while (activeDays.has(isoDay(new Date(cursor)))) {
    current += 1;
    cursor -= DAY_MS;
  }
  return { current, longest };
}

async function prayerSeries(db: Db, userId: number, days: string[]): Promise<{ perDay: DayCount[]; total: number }> {
  const start = new Date(Date.parse(`${days[0] ?? ''}T00:00:00Z`));
  const rows = await db.select({ day: utcDay(prayers.createdAt), n: count() }).from(prayers)
    .where(and(eq(prayers.userId, userId), sql`${prayers.createdAt} >= ${start}`)).groupBy(utcDay(prayers.createdAt));
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  const [total] = await db.select({ n: count() }).from(prayers).where(eq(prayers.userId, userId));
  return { perDay: days.map((date) => ({ date, count: byDay.get(date) ?? 0 })), total: total?.n ?? 0 };
}

async function sessionSeries(db: Db, userId: number, days: string[]): Promise<ApiStatistics['sessions']> {
  const finished = and(eq(prayerSessions.userId, userId), isNotNull(prayerSessions.finishedAt));
  const [totals] = await db.select({
    total: sql<number>`(SELECT count(*)::int FROM ${prayerSessions} WHERE ${prayerSessions.userId} = ${userId})`,
    finished: count(),
    duration: sql<number>`coalesce(sum(${prayerSessions.durationSeconds}), 0)::int`,
    items: sql<number>`coalesce(sum(${prayerSessions.itemsPrayed}), 0)::int`,
  }).from(prayerSessions).where(finished);
  const day = utcDay(sql`${prayerSessions.finishedAt}`);
  const rows = await db.select({ day, n: count(), duration: sql<number>`sum(${prayerSessions.durationSeconds})::int` })
    .from(prayerSessions).where(and(finished, sql`${prayerSessions.finishedAt} >= ${new Date(Date.parse(`${days[0] ?? ''}T00:00:00Z`))}`))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const perDay: SessionDay[] = days.map((date) => ({ date, count: byDay.get(date)?.n ?? 0, duration_seconds: byDay.get(date)?.duration ?? 0 }));
  return {
    total: totals?.total ?? 0, finished: totals?.finished ?? 0,
    total_duration_seconds: totals?.duration ?? 0, total_items_prayed: totals?.items ?? 0, per_day: perDay,
  };
}

/** Every UTC day with a prayer or a finished session (what a streak counts). */
async function activeDays(db: Db, userId: number): Promise<Set<string>> {
  const prayed = await db.selectDistinct({ day: utcDay(prayers.createdAt) }).from(prayers).where(eq(prayers.userId, userId));
  const sessionDay = utcDay(sql`${prayerSessions.finishedAt}`);
  const sessions = await db.selectDistinct({ day: sessionDay }).from(prayerSessions)
    .where(and(eq(prayerSessions.userId, userId), isNotNull(prayerSessions.finishedAt)));
  return new Set([...prayed, ...sessions].map((r) => r.day));
}

async function postCounts(db: Db, userId: number): Promise<Pick<ApiStatistics, 'requests_posted' | 'thanks_posted' | 'answered_requests' | 'prayers_received' | 'bookmarks'>> {
  const [own] = await db.select({
    requests: sql<number>`count(*) FILTER (WHERE ${posts.type} = 'REQUEST')::int`,
    thanks: sql<number>`count(*) FILTER (WHERE ${posts.type} = 'THANK')::int`,
    answered: sql<number>`count(*) FILTER (WHERE ${posts.atendido})::int`,
  }).from(posts).where(and(eq(posts.userId, userId), isNull(posts.deletedAt)));
  // Issue #49: prayers others made in a group are counted only while the author is a live member of
  // it (the one rule, group-visibility.ts groupAudience, asked now): a former or removed member's
  // count must not move with the group's activity
  // (docs/decisions/0213-statistics-of-a-former-member.md).
  const [received] = await db.select({ n: count() }).from(prayers).innerJoin(posts, eq(posts.id, prayers.postId))
    .where(and(eq(posts.userId, userId), ne(prayers.userId, userId), isNull(posts.deletedAt), groupAudience(userId)));
  const [saved] = await db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.userId, userId));
  return {
    requests_posted: own?.requests ?? 0, thanks_posted: own?.thanks ?? 0, answered_requests: own?.answered ?? 0,
    prayers_received: received?.n ?? 0, bookmarks: saved?.n ?? 0,
  };
}

export async function myStatistics(db: Db, user: UserRow, now = new Date()): Promise<ApiStatistics> {
  const days = chartDays(now);
  const prayed = await prayerSeries(db, user.id, days);
  const streak = streaks(await activeDays(db, user.id), now);
  return {
    today_prayer_count: await todayPrayerCount(db, user.id, now),
    total_prayers: prayed.total,
    prayers_per_day: prayed.perDay,
    sessions: await sessionSeries(db, user.id, days),
    streak_days: streak.current,
    longest_streak_days: streak.longest,
    ...(await postCounts(db, user.id)),
    member_since: user.createdAt.toISOString(),
  };
}
