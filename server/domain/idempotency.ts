// DESIGN.md §4 'Exactly once': a mutation's response is stored under (caller, Idempotency-Key)
// in the same transaction as its effect, so "applied" and "remembered" can never disagree.
import { createHash } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type StoredResponse = { statusCode: number; body: unknown; requestHash: string };

/** Same method, path (with query) and JSON body -> same hash; anything else is a different request. */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${url}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

export async function findStored(db: Db, userId: number, key: string): Promise<StoredResponse | undefined> {
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode, body: idempotencyKeys.response, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** The stored answers of several keys in one query (POST sync/push looks up a whole batch at once). */
export async function findStoredMany(db: Db, userId: number, keys: string[]): Promise<Map<string, StoredResponse>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: idempotencyKeys.key, statusCode: idempotencyKeys.statusCode, body: idempotencyKeys.response, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)));
  return new Map(rows.map(({ key, ...stored }) => [key, stored]));
}

/** Plain insert, no ON CONFLICT: a concurrent duplicate must fail here and roll its effect back. */
export async function storeResponse(db: Db, userId: number, key: string, stored: StoredResponse): Promise<void> {
  await db.insert(idempotencyKeys).values({
    userId, key, requestHash: stored.requestHash, statusCode: stored.statusCode, response: stored.body,
  });
}

/** Keys outlive any realistic offline period; older ones are dropped at startup. */
export async function pruneKeys(db: Db, olderThanDays = 90, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - olderThanDays * 86_400_000)));
}
