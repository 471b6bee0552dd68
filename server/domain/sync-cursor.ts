// The cursor of GET sync/pull (issue #25 item 1; docs/decisions/0021-one-pull.md): opaque to
// clients, kept by nobody but the device. It names the account and channel it was given for, when,
// the position in the post change feed (domain/post-changes.ts), and a short digest of every other
// section as the device last received it, so the server can tell what changed without keeping
// anything per device: a restart loses nothing, and any server process can answer. It also
// carries the change stamp position its sections were read at and the counts it answered with, so
// a pull with nothing new is answered from the stamps alone (domain/change-stamps.ts; a cursor
// written before them has none and is answered by reading, as before).
import { createHash } from 'node:crypto';
import type { ChannelId } from '../../common/contract';
import { SYNC_CURSOR_MAX_AGE_MS } from '../../common/sync-contract';
import { decodeCursor, type ChangeCursor } from './post-changes';

const VERSION = 1;

export type SyncCursor = {
  viewer: number | null;
  channelId: ChannelId;
  posts: ChangeCursor;
  /** The posts cursor as posts/changes writes it (one decimal number). */
  postsText: string;
  issuedAt: number;
  digests: Record<string, string>;
  /** The change stamp position (a transaction id) the account's sections were read at; absent in older cursors. */
  stamp?: bigint | undefined;
  /** The unread count answered with it (null: none asked, or no session). */
  unread?: number | null | undefined;
  /** The new count answered with it and the `since` (ms) it counted from. */
  newCount?: { since: number; count: number } | undefined;
};

type Wire = {
  v: number; u: number | null; c: number; p: string; t: number; h: Record<string, string>;
  s?: string; n?: number | null; w?: [number, number];
};

/** A section's digest: 60 bits of the SHA-256 of its JSON (the answer is the same JSON its route gives). */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 10);
}

export function encodeSyncCursor(cursor: Omit<SyncCursor, 'posts'>): string {
  const wire: Wire = { v: VERSION, u: cursor.viewer, c: cursor.channelId, p: cursor.postsText, t: cursor.issuedAt, h: cursor.digests };
  if (cursor.stamp !== undefined) wire.s = cursor.stamp.toString();
  if (cursor.unread !== undefined) wire.n = cursor.unread;
  if (cursor.newCount !== undefined) wire.w = [cursor.newCount.since, cursor.newCount.count];
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function isDigests(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((digest) => typeof digest === 'string' && digest.length <= 16);
}

/**
 * A cursor this server wrote (of any version), or undefined when the text cannot be one. Whether
 * it can still be served is `unservable`'s question: a cursor of an older version is well formed.
 */
export function decodeSyncCursor(text: string): (SyncCursor & { version: number }) | undefined {
  if (text.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof wire !== 'object' || wire === null) return undefined;
  const { v, u, c, p, t, h, s, n, w } = wire as Partial<Wire>;
  if (!isInt(v) || !(u === null || isInt(u)) || !isInt(c) || typeof p !== 'string' || !isInt(t) || !isDigests(h)) return undefined;
  const posts = decodeCursor(p);
  if (posts === undefined) return undefined;
  const cursor: SyncCursor & { version: number } = { version: v, viewer: u, channelId: c as ChannelId, posts, postsText: p, issuedAt: t, digests: h };
  // The stamp fields are an optimisation: any that is not well formed is dropped (the pull reads).
  if (typeof s === 'string' && /^\d{1,19}$/.test(s) && (n === null || (isInt(n) && n >= 0))) {
    cursor.stamp = BigInt(s);
    cursor.unread = n;
    if (Array.isArray(w) && w.length === 2 && isInt(w[0]) && isInt(w[1])) cursor.newCount = { since: w[0], count: w[1] };
  }
  return cursor;
}

/**
 * Why a well-formed cursor cannot be served, or null when it can: another account or channel,
 * an older version, older than SYNC_CURSOR_MAX_AGE_MS, or a position the change feed has not
 * reached (the cursor of another database, e.g. before a restore).
 */
export function unservable(
  cursor: SyncCursor & { version: number }, asked: { viewer: number | null; channelId: ChannelId; now: number; settled: bigint },
): string | null {
  if (cursor.version !== VERSION) return 'version';
  if (cursor.viewer !== asked.viewer) return 'account';
  if (cursor.channelId !== asked.channelId) return 'channel';
  if (asked.now - cursor.issuedAt > SYNC_CURSOR_MAX_AGE_MS) return 'age';
  if (cursor.posts.xid > asked.settled) return 'position';
  return null;
}
