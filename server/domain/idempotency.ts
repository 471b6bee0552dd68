// docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'Exactly once': a mutation's
// response is stored under (caller, Idempotency-Key) in the same transaction as its effect, so
// "applied" and "remembered" can never disagree.
import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/requests';

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

/**
 * A key a batched single call may write in its own statement (issue #10 P4, POST sync/push): the
 * row is inserted with the request hash and a placeholder answer, in the effect's statement and
 * so in its savepoint; a concurrent duplicate still fails there, on the primary key, and a refusal
 * still undoes it. The answer is filled in by completeClaims() before the batch commits, so no
 * other transaction ever sees the placeholder (rows are invisible until commit).
 */
export type KeyClaim = { userId: number; key: string; requestHash: string };

/** A claim's values, or placeholders of a prepared statement (posts.ts, the pray). */
type ClaimParams = { [K in keyof KeyClaim]: KeyClaim[K] | Placeholder };

/** The claim's insert, for a data-modifying CTE of the effect's statement (always executed by Postgres). */
export function claimInsert(claim: ClaimParams): SQL {
  return sql`insert into ${idempotencyKeys} (user_id, key, request_hash, status_code, response)
    values (${claim.userId}, ${claim.key}, ${claim.requestHash}, 0, 'null'::json) returning 1`;
}

export type ClaimAnswer = { key: string; statusCode: number; body: unknown };

/**
 * The answers of a run applied as a set (POST sync/push, issue #25 P4), stored in one plain insert
 * in the run's savepoint once they are known: a key claimed meanwhile by a concurrent call fails it
 * on the primary key, which undoes the run's effect with it (sync-push-runs.ts then applies the
 * run one call at a time). One write a key, where a placeholder claim and its update were two.
 * Bodies are stored as storeResponse() and completeClaims() store them: JSON.stringify's text.
 */
export async function storeAnswers(db: Db, userId: number, answers: (ClaimAnswer & { requestHash: string })[]): Promise<void> {
  if (answers.length === 0) return;
  const rows = JSON.stringify(answers.map((a) => ({ key: a.key, hash: a.requestHash, status: a.statusCode, body: JSON.stringify(a.body) })));
  await db.execute(sql`insert into ${idempotencyKeys} (user_id, key, request_hash, status_code, response)
    select ${userId}, v.key, v.hash, v.status, v.body::json from json_to_recordset(${rows}::json) as v(key text, hash text, status smallint, body text)`);
}

/**
 * Writes the answers of a batch's claimed keys in one statement. The body is stored as the text
 * JSON.stringify gives, as storeResponse() stores it (drizzle's json column), so a replay is byte
 * for byte the same whichever way the key was stored. Every claim must be found: a placeholder
 * left behind would be replayed as an answer.
 */
export async function completeClaims(db: Db, userId: number, answers: ClaimAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  const rows = JSON.stringify(answers.map((a) => ({ key: a.key, status: a.statusCode, body: JSON.stringify(a.body) })));
  const updated = await db.update(idempotencyKeys)
    .set({ statusCode: sql`v.status`, response: sql`v.body::json` })
    .from(sql`json_to_recordset(${rows}::json) as v(key text, status smallint, body text)`)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, sql`v.key`)))
    .returning({ key: idempotencyKeys.key });
  if (updated.length !== answers.length) throw new Error(`completeClaims: ${updated.length} of ${answers.length} claimed keys found`);
}

/** Keys outlive any realistic offline period; older ones are dropped at startup. */
export async function pruneKeys(db: Db, olderThanDays = 90, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - olderThanDays * 86_400_000)));
}
