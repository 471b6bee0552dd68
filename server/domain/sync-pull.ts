// GET sync/pull (issue #25 item 1; common/sync-contract.ts SyncPull; docs/decisions.md 'One pull'):
// everything that changed for this device since its cursor, in one answer. The posts part is
// GET posts/changes's plan (domain/post-changes.ts), the counts are posts/new-count's and
// notifications/unread-count's, and every other part is a section (domain/sync-sections.ts) sent
// only when it differs from what the cursor says the device holds.
import type { SyncPull, SyncPullSections } from '../../common/sync-contract';
import { countNewPosts } from './feed';
import { unreadCount } from './notifications';
import { currentCursor, listPostChanges, settledBelow } from './post-changes';
import { digestOf, encodeSyncCursor, unservable, type SyncCursor } from './sync-cursor';
import { readSections, type SectionContext } from './sync-sections';

export type SyncPullQuery = { cursor?: (SyncCursor & { version: number }) | undefined; since?: Date | undefined; full: boolean };

export async function syncPull(context: Omit<SectionContext, 'full'>, query: SyncPullQuery, now = Date.now()): Promise<SyncPull> {
  const { db, session, channelId } = context;
  const viewer = session?.user.id ?? null;
  const settled = await settledBelow(db);
  const sent = query.cursor;
  const refresh = sent !== undefined && unservable(sent, { viewer, channelId, now, settled }) !== null;
  const held = refresh ? undefined : sent;
  // Without a cursor the device can be told nothing as a delta: every section, the posts' start.
  const full = query.full || held === undefined;
  const [posts, sections, newCount, unread] = await Promise.all([
    held === undefined
      ? currentCursor(db).then((cursor) => ({ posts: [], deleted: [], cursor, has_more: false }))
      : listPostChanges(db, channelId, viewer, held.posts),
    readSections({ ...context, full }),
    query.since === undefined ? null : countNewPosts(db, query.since, channelId, viewer),
    session === undefined ? null : unreadCount(db, session.user.id),
  ]);
  // A pull without `full` leaves the held sections' digests as they were.
  const digests: Record<string, string> = full ? {} : { ...held?.digests };
  const changed: SyncPullSections = {};
  for (const section of sections) {
    const digest = digestOf(section.value);
    digests[section.key] = digest;
    if (held?.digests[section.key] !== digest) section.put(changed);
  }
  const cursor = encodeSyncCursor({ viewer, channelId, postsText: posts.cursor, issuedAt: now, digests });
  return {
    ...changed, cursor, refresh, posts: posts.posts, deleted: posts.deleted, has_more: posts.has_more, new_count: newCount, unread_count: unread,
  };
}
