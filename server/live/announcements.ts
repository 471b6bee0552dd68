// What the database announces on the live channel (issue #48; docs/api.md 'Live'): the payloads
// the triggers of migrations/0021_live.sql send with pg_notify, read back into types, and the one
// the API sends itself for an account's own writes. Only committed changes arrive (NOTIFY is
// delivered at commit), on every API process that listens.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The notification channel (migrations/0021_live.sql uses the same name). */
export const LIVE_NOTIFY_CHANNEL = 'prayer_live';

/** A post changed: `countsOnly` when only its counters moved, `isNew` when it was just written. */
export type PostAnnouncement = {
  kind: 'post'; postId: number; channelId: number; groupId: number | null; authorId: number;
  prayedCount: number; commentCount: number; countsOnly: boolean; isNew: boolean;
};

export type Announcement =
  | PostAnnouncement
  /** Something of the user's own changed (a notification, a membership). */
  | { kind: 'user'; userId: number }
  /** A group's members or the group changed: its live members pull. */
  | { kind: 'group'; groupId: number }
  /** The account wrote from the session `tokenId`: its other sessions pull. */
  | { kind: 'account'; userId: number; tokenId: number }
  /** A session ended (`tokenId`), or every session of a user (`userId`: the account went). */
  | { kind: 'session-end'; tokenId: number | null; userId: number | null };

type Raw = Record<string, unknown>;

function int(raw: Raw, key: string): number | null {
  const value = raw[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function postOf(raw: Raw): Announcement | null {
  const postId = int(raw, 'id');
  const channelId = int(raw, 'c');
  const authorId = int(raw, 'u');
  const prayedCount = int(raw, 'n');
  const commentCount = int(raw, 'm');
  if (postId === null || channelId === null || authorId === null || prayedCount === null || commentCount === null) return null;
  return {
    kind: 'post', postId, channelId, groupId: int(raw, 'g'), authorId, prayedCount, commentCount,
    countsOnly: raw.x === true, isNew: raw.new === true,
  };
}

/** A payload as announced; null for anything else (another writer on the channel, a newer shape). */
export function parseAnnouncement(payload: string): Announcement | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const fields = raw as Raw;
  const userId = int(fields, 'u');
  switch (fields.k) {
    case 'p': return postOf(fields);
    case 'u': return userId === null ? null : { kind: 'user', userId };
    case 'g': {
      const groupId = int(fields, 'g');
      return groupId === null ? null : { kind: 'group', groupId };
    }
    case 'a': {
      const tokenId = int(fields, 's');
      return userId === null || tokenId === null ? null : { kind: 'account', userId, tokenId };
    }
    case 's': {
      const tokenId = int(fields, 's');
      return tokenId === null && userId === null ? null : { kind: 'session-end', tokenId, userId };
    }
    default: return null;
  }
}

/**
 * The account's own write, announced in the writing transaction (one per request or per push, not
 * per mutation): its other devices pull what changed (lists, notes, bookmarks, settings...), the
 * device that wrote already holds it. The same statement records it as a change of the member
 * (migrations/0024_change_stamps.sql), so no pull of theirs is answered from a stamp that predates
 * it. server/http/mutation.ts and sync-push.ts call it.
 */
export async function announceOwnWrite(tx: Db, userId: number, tokenId: number): Promise<void> {
  const payload = JSON.stringify({ k: 'a', u: userId, s: tokenId });
  await tx.execute(sql`select pg_notify(${LIVE_NOTIFY_CHANNEL}, ${payload}), record_member_change(${userId}::integer)`);
}
