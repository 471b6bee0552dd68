// Idempotent demo seed (docs/architecture/server.md 'Reference server'): runs only on an empty
// community, in one transaction. Prayer times are derived from post times; the demo member's own
// seeded prayers are at least a day old, so their today_prayer_count starts at 0.
import { eq, sql } from 'drizzle-orm';
import { CHANNELS } from '../../common/contract';
import { hashPassword } from '../domain/passwords';
import type { Db } from './client';
import { channels } from './schema/channels';
import { posts } from './schema/posts';
import { bookmarks, prayers } from './schema/prayers';
import { users } from './schema/users';
import { DEMO_EMAIL, DEMO_PASSWORD, SEED_MEMBERS, SEED_POSTS } from './seed-data';
import { applySeedFixes } from './seed-fixes';
import { seedLists } from './seed-lists';

const HOUR_MS = 60 * 60 * 1000;

async function upsertChannels(db: Db): Promise<void> {
  await db.insert(channels)
    .values(CHANNELS.map((c) => ({ id: c.id, code: c.code, locale: c.locale, language: c.language, label: c.label, domain: c.domain, ftsConfig: c.ftsConfig })))
    .onConflictDoUpdate({ target: channels.id, set: { label: sql`excluded.label`, locale: sql`excluded.locale` } });
}

async function insertMembers(db: Db, now: Date): Promise<Map<string, number>> {
  // One scrypt hash for all demo accounts (same published password): seeding stays fast for tests.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await db.insert(users).values(SEED_MEMBERS.map((m) => ({
    name: m.name, username: m.key, email: m.email, passwordHash, channelId: m.channelId, language: m.language,
    createdAt: new Date(now.getTime() - 30 * 24 * HOUR_MS),
  }))).returning({ id: users.id, username: users.username });
  return new Map(rows.map((row) => [row.username, row.id]));
}

function memberId(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed data names unknown member '${key}'`);
  return id;
}

/**
 * Every seed post, then their prayers and bookmarks, one statement each (every test server seeds:
 * a statement a row was most of the seed's time). The posts' ids follow SEED_POSTS' order, as one
 * row at a time gave them; each is matched back to its post by author and text.
 */
async function insertPosts(db: Db, ids: Map<string, number>, now: Date): Promise<void> {
  const times = SEED_POSTS.map((post) => ({
    createdAt: new Date(now.getTime() - post.hoursAgo * HOUR_MS),
    answeredAt: post.answer ? new Date(now.getTime() - post.answer.hoursAgo * HOUR_MS) : null,
  }));
  const rows = await db.insert(posts).values(SEED_POSTS.map((post, i) => {
    const { createdAt, answeredAt } = times[i] ?? { createdAt: now, answeredAt: null };
    return {
      userId: memberId(ids, post.author), channelId: post.channelId, type: post.type, text: post.text,
      isAnonymous: post.anonymous ?? false, answerText: post.answer?.text ?? null, atendido: post.answer !== undefined,
      updatedAnswerAt: answeredAt, prayedCount: (post.prayedBy ?? []).length, createdAt, updatedAt: answeredAt ?? createdAt,
    };
  })).returning({ id: posts.id, userId: posts.userId, text: posts.text });
  const postIds = new Map(rows.map((row) => [`${String(row.userId)} ${row.text}`, row.id]));
  const prayerRows: (typeof prayers.$inferInsert)[] = [];
  const bookmarkRows: (typeof bookmarks.$inferInsert)[] = [];
  SEED_POSTS.forEach((post, i) => {
    const postId = postIds.get(`${String(memberId(ids, post.author))} ${post.text}`);
    const createdAt = times[i]?.createdAt;
    if (postId === undefined || createdAt === undefined) throw new Error(`seed post '${post.text.slice(0, 40)}' was not inserted`);
    (post.prayedBy ?? []).forEach((key, n) => {
      // One hour apart after the post, never in the future.
      const at = Math.min(createdAt.getTime() + (n + 1) * HOUR_MS, now.getTime() - 60_000);
      prayerRows.push({ userId: memberId(ids, key), postId, createdAt: new Date(at) });
    });
    for (const key of post.bookmarkedBy ?? []) bookmarkRows.push({ userId: memberId(ids, key), postId, createdAt });
  });
  if (prayerRows.length > 0) await db.insert(prayers).values(prayerRows);
  if (bookmarkRows.length > 0) await db.insert(bookmarks).values(bookmarkRows);
}

const SEED_LOCK_ID = 7_310_002;

async function hasDemoMember(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, DEMO_EMAIL)).limit(1);
  return existing !== undefined;
}

/** Returns whether anything was inserted (false when the database already had the demo member). */
export async function seed(db: Db, now = new Date()): Promise<boolean> {
  if (await hasDemoMember(db)) {
    await applySeedFixes(db);
    return false;
  }
  return db.transaction(async (tx) => {
    // Several API processes may start together on one PostgreSQL: one seeds, the others see it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasDemoMember(tx)) return false;
    await upsertChannels(tx);
    const ids = await insertMembers(tx, now);
    await insertPosts(tx, ids, now);
    await seedLists(tx, now);
    return true;
  });
}
