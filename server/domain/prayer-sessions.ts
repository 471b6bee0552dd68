// Prayer sessions (docs/product.md §2 /session, §7 user/today-session and user/session-finished). A session
// is started (or resumed) for today, then finished with what it achieved; the statistics screen
// sums them. Both calls are outbox mutations (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol'): a session prayed offline is sent later with its finished_at, and lands on the day it
// happened.
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { ApiPrayerSession, SessionResponse } from '../../common/account-contract';
import type { Db } from '../db/client';
import { prayerSessions } from '../db/schema/prayers';
import { fieldError, notFound } from '../http/errors';
import type { UserRow } from './tokens';
import { todayPrayerCount, utcMidnight } from './users';

type SessionRow = typeof prayerSessions.$inferSelect;

/** finished_at may be late (offline) but not from the future, nor older than this. */
const MAX_BACKDATE_MS = 30 * 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

function toApiSession(row: SessionRow): ApiPrayerSession {
  return {
    id: row.id,
    items_qtd: row.itemsQtd,
    items_prayed: row.itemsPrayed,
    duration_seconds: row.durationSeconds,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

async function respond(db: Db, userId: number, row: SessionRow): Promise<SessionResponse> {
  return { session: toApiSession(row), today_prayer_count: await todayPrayerCount(db, userId) };
}

async function openSessionToday(db: Db, userId: number, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(prayerSessions)
    .where(and(eq(prayerSessions.userId, userId), isNull(prayerSessions.finishedAt), gte(prayerSessions.startedAt, utcMidnight(now))))
    .orderBy(desc(prayerSessions.startedAt), desc(prayerSessions.id)).limit(1);
  return row;
}

/** PUT user/today-session: today's unfinished session, or a new one of items_qtd (default: the user's setting). */
export async function startTodaySession(db: Db, user: UserRow, itemsQtd: number | undefined, now = new Date()): Promise<SessionResponse> {
  const qtd = itemsQtd ?? user.prayerSessionItemsQtd;
  const open = await openSessionToday(db, user.id, now);
  if (open !== undefined) {
    if (itemsQtd === undefined || open.itemsQtd === qtd) return respond(db, user.id, open);
    const [updated] = await db.update(prayerSessions).set({ itemsQtd: qtd }).where(eq(prayerSessions.id, open.id)).returning();
    return respond(db, user.id, updated ?? open);
  }
  const [row] = await db.insert(prayerSessions).values({ userId: user.id, itemsQtd: qtd, startedAt: now }).returning();
  if (row === undefined) throw new Error('session insert returned no row');
  return respond(db, user.id, row);
}

type FinishInput = { sessionId?: number | undefined; itemsPrayed: number; durationSeconds: number; finishedAt?: Date | undefined };

function finishTime(input: FinishInput, now: Date): Date {
  const at = input.finishedAt ?? now;
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw fieldError('finished_at', 'finished_at cannot be in the future', 'validation.future');
  if (at.getTime() < now.getTime() - MAX_BACKDATE_MS) throw fieldError('finished_at', 'finished_at is more than 30 days ago', 'validation.too_old');
  return at.getTime() > now.getTime() ? now : at;
}

async function targetSession(db: Db, userId: number, input: FinishInput, now: Date): Promise<SessionRow | undefined> {
  if (input.sessionId === undefined) return openSessionToday(db, userId, now);
  const [row] = await db.select().from(prayerSessions)
    .where(and(eq(prayerSessions.id, input.sessionId), eq(prayerSessions.userId, userId))).limit(1);
  // Someone else's session id is indistinguishable from an unknown one.
  if (row === undefined) throw notFound('Session');
  return row;
}

/**
 * PUT user/session-finished: finishes the given session (or today's open one); without either,
 * records a completed session that started duration_seconds before finished_at. Finishing again
 * overwrites (last write wins).
 */
export async function finishSession(db: Db, user: UserRow, input: FinishInput, now = new Date()): Promise<SessionResponse> {
  const finishedAt = finishTime(input, now);
  const values = { itemsPrayed: input.itemsPrayed, durationSeconds: input.durationSeconds, finishedAt };
  const target = await targetSession(db, user.id, input, now);
  if (target !== undefined) {
    const [row] = await db.update(prayerSessions).set(values).where(eq(prayerSessions.id, target.id)).returning();
    return respond(db, user.id, row ?? target);
  }
  const startedAt = new Date(finishedAt.getTime() - input.durationSeconds * 1000);
  const [row] = await db.insert(prayerSessions).values({
    userId: user.id, itemsQtd: user.prayerSessionItemsQtd, startedAt, ...values,
  }).returning();
  if (row === undefined) throw new Error('session insert returned no row');
  return respond(db, user.id, row);
}
