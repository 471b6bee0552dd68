// Reads of the accounts area (settings, /profile/{slug}) for src/db/queries.ts. The settings and
// public profiles are server copies the worker keeps (worker/account.ts); a profile edit still in
// the outbox is shown over the session's profile (docs/architecture/local-store.md 'Local
// database': server value + local intent).
import type { ApiUserSettings } from '../../common/account-contract';
import { VISIBILITY } from '../../common/contract';
import { db } from '../model/db';
import { getMeta } from '../model/meta';
import type { ProfileEditBody } from '../model/outbox-types';
import { toShownList, type ShownList } from './shown-lists';
import { toShownPost, type ShownPost } from '../model/shown';
import type { UserRow } from '../model/types';

export async function readAccountSettings(): Promise<ApiUserSettings | null> {
  return (await getMeta('accountSettings')) ?? null;
}

/** `slug` is a numeric id or a username (any case), as GET user/profile/{slug} takes it. */
export async function readPublicProfile(slug: string): Promise<UserRow | null> {
  const id = /^\d+$/.test(slug) ? Number(slug) : null;
  const row = id !== null ? await db.users.get(id) : await db.users.where('username').equals(slug.toLowerCase()).first();
  return row ?? null;
}

/** Every profile edit not yet acknowledged, oldest first, merged: what the form shows as pending. */
export async function readPendingProfileEdit(): Promise<ProfileEditBody | null> {
  const entries = await db.outbox.where('op').equals('user.profile').sortBy('seq');
  if (entries.length === 0) return null;
  let merged: ProfileEditBody = {};
  for (const entry of entries) if (entry.op === 'user.profile') merged = { ...merged, ...entry.body };
  return merged;
}

const RECENT_LIMIT = 10;

/** The person's public, signed requests this device holds (anonymous posts are never attributed). */
export async function readUserPosts(userId: number): Promise<ShownPost[]> {
  const rows = await db.posts.where('user_id').equals(userId).toArray();
  return rows
    .filter((row) => row.visibility === VISIBILITY.PUBLIC && !row.is_anonymous && !row.local.deleted)
    .map(toShownPost)
    .sort((a, b) => b.createdAtMs - a.createdAtMs)
    .slice(0, RECENT_LIMIT);
}

/** The person's public lists this device holds. */
export async function readUserLists(userId: number): Promise<ShownList[]> {
  const rows = await db.lists.where('user_id').equals(userId).toArray();
  return rows.filter((row) => row.visibility === VISIBILITY.PUBLIC && !row.local.deleted).map(toShownList);
}
