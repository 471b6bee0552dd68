// Idempotent demo seed (docs/architecture.md 'Reference server'): runs only on an empty community, in one transaction.
// Prayer times are derived from post times; the demo member's own seeded prayers are at least a
// day old, so their today_prayer_count starts at 0.
import { eq, sql } from 'drizzle-orm';
import { CHANNELS } from '../../common/contract';
import { hashPassword } from '../domain/passwords';
import type { Db } from './client';
import { channels } from './schema/channels';
import { posts } from './schema/posts';
import { bookmarks, prayers } from './schema/prayers';
import { users } from './schema/users';
import { DEMO_EMAIL, DEMO_PASSWORD, SEED_MEMBERS, SEED_POSTS, type SeedPost } from './seed-data';
import { applySeedFixes } from './seed-fixes';
import { seedLists } from './seed-lists';

const HOUR_MS = 60 * 60 * 1000;

async function upsertChannels(db: Db): Promise<void> {
  for (const c of CHANNELS) {
    await db.insert(channels)
      .values({ id: c.id, code: c.code, locale: c.locale, language: c.language, label: c.label, domain: c.domain, ftsConfig: c.ftsConfig })
      .onConflictDoUpdate({ target: channels.id, set: { label: c.label, locale: c.locale } });
  }
}

async function insertMembers(db: Db, now: Date): Promise<Map<string, number>> {
  // One scrypt hash for all demo accounts (same published password): seeding stays fast for tests.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  for (const m of SEED_MEMBERS) {
    const [row] = await db.insert(users).values({
      name: m.name, username: m.key, email: m.email, passwordHash, channelId: m.channelId, language: m.language,
      createdAt: new Date(now.getTime() - 30 * 24 * HOUR_MS),
    }).returning({ id: users.id });
    if (row !== undefined) ids.set(m.key, row.id);
  }
  return ids;
}

function memberId(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed data names unknown member '${key}'`);
  return id;
}

async function insertPost(db: Db, post: SeedPost, ids: Map<string, number>, now: Date): Promise<void> {
  const createdAt = new Date(now.getTime() - post.hoursAgo * HOUR_MS);
  const answeredAt = post.answer ? new Date(now.getTime() - post.answer.hoursAgo * HOUR_MS) : null;
  const prayedBy = post.prayedBy ?? [];
  const [row] = await db.insert(posts).values({
    userId: memberId(ids, post.author), channelId: post.channelId, type: post.type, text: post.text,
    isAnonymous: post.anonymous ?? false, answerText: post.answer?.text ?? null, atendido: post.answer !== undefined,
    updatedAnswerAt: answeredAt, prayedCount: prayedBy.length, createdAt, updatedAt: answeredAt ?? createdAt,
  }).returning({ id: posts.id });
  if (row === undefined) throw new Error('seed post insert returned no row');
  for (const [i, key] of prayedBy.entries()) {
    // One hour apart after the post, never in the future.
    const at = Math.min(createdAt.getTime() + (i + 1) * HOUR_MS, now.getTime() - 60_000);
    await db.insert(prayers).values({ userId: memberId(ids, key), postId: row.id, createdAt: new Date(at) });
  }
  for (const key of post.bookmarkedBy ?? []) {
    await db.insert(bookmarks).values({ userId: memberId(ids, key), postId: row.id, createdAt });
  }
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
    for (const post of SEED_POSTS) await insertPost(tx, post, ids, now);
    await seedLists(tx, now);
    return true;
  });
}
