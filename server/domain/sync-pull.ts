// GET sync/pull (issue #25 item 1; common/sync-contract.ts SyncPull;
// docs/decisions/0021-one-pull.md): everything that changed for this device since its cursor, in
// one answer. The posts part is GET posts/changes's plan (domain/post-changes.ts), the counts are
// posts/new-count's and notifications/unread-count's, and every other part is a section
// (domain/sync-sections.ts) sent only when it differs from what the cursor says the device holds. A
// pull without `full` whose change stamps (domain/change-stamps.ts) say nothing changed since its
// cursor is answered from them alone, reading no section (issue #50 item 2;
// docs/architecture/change-stamps.md 'Change stamps').
import type { SyncPull, SyncPullSections } from '../../common/sync-contract';
import { askStamps } from './change-stamps';
import { countNewPosts } from './feed';
import { unreadCount } from './notifications';
import { encodeCursor, listPostChanges, settledBelow } from './post-changes';
import { digestOf, encodeSyncCursor, unservable, type SyncCursor } from './sync-cursor';
import { readSections, SECTION_BITS, type SectionContext, type SectionRead } from './sync-sections';
import { isModerator } from './users';

export type SyncPullQuery = { cursor?: (SyncCursor & { version: number }) | undefined; since?: Date | undefined; full: boolean };

/**
 * How a pull was answered (metrics, tests): from the change stamps alone, from them and the
 * channel's post changes (the member's sections unchanged), or by reading the sections.
 */
export type PullAnswer = 'stamps' | 'posts' | 'sections';

type Context = Omit<SectionContext, 'full'>;

/**
 * What the change stamps say of a pull without `full` (issue #50 item 2), or null when they cannot
 * say: `full` (its sections depend on more than the stamps follow: the day's sessions, the
 * channel's lists), a cursor without stamps (an older one) or one the stamps no longer reach
 * (pruned), a new count asked from another moment than the cursor's, the moderation queue
 * (anyone's report changes it).
 */
async function askHeldStamps({ db, config, session, channelId }: Context, query: SyncPullQuery, now: number) {
  const held = query.cursor;
  if (query.full || held?.stamp === undefined || held.unread === undefined) return null;
  const viewer = session?.user.id ?? null;
  if (session !== undefined && (held.unread === null || isModerator(session.user, config))) return null;
  const since = query.since?.getTime();
  if (since !== undefined && held.newCount?.since !== since) return null;
  // Checked again with the settled position below; these need no database.
  if (unservable(held, { viewer, channelId, now, settled: held.posts.xid }) !== null) return null;
  const stamps = await askStamps(db, { channelId, viewer, posts: held.posts, stamp: held.stamp });
  if (stamps.pruned || held.stamp > stamps.settled) return null;
  if (unservable(held, { viewer, channelId, now, settled: stamps.settled }) !== null) return null;
  return { held, viewer, stamps, since };
}

/** The unread count the notifications section read with its page, if it was read. */
function unreadIn(sections: SectionRead[]): number | undefined {
  return sections.find((section) => section.unread !== undefined)?.unread;
}

/**
 * The sections read, digested into `kept` (the digests the new cursor carries), and those whose
 * digest differs from the one the device `holds`, written into the answer.
 */
function merged(sections: SectionRead[], kept: Record<string, string>, holds: Record<string, string>) {
  const digests = { ...kept };
  const changed: SyncPullSections = {};
  for (const section of sections) {
    const digest = digestOf(section.value);
    digests[section.key] = digest;
    if (holds[section.key] !== digest) section.put(changed);
  }
  return { digests, changed };
}

type HeldStamps = NonNullable<Awaited<ReturnType<typeof askHeldStamps>>>;

/**
 * A pull the stamps can answer: what they say did not move stands as the cursor holds it, and both
 * positions move to the stamps' settled point. Nothing moved: nothing is read ("nothing new").
 * The channel's posts moved (every pull of a busy channel's member): the post changes and the new
 * count are read. Sections of the member moved: those are read (a notification: the list and the
 * unread count), with the new count if hidden people moved; a group of theirs: all six.
 */
async function fromStamps(context: Context, { held, viewer, stamps, since }: HeldStamps, now: number): Promise<SyncPull> {
  const { db, session, channelId } = context;
  const { settled, mine } = stamps;
  const moved = (bit: number) => (mine & bit) !== 0;
  const countAgain = stamps.posts || moved(SECTION_BITS.hidden);
  const [posts, sections, newCount] = await Promise.all([
    stamps.posts
      ? listPostChanges(db, channelId, viewer, held.posts, settled)
      : { posts: [], deleted: [], has_more: false, cursor: encodeCursor(held.posts.xid < settled ? { xid: settled, id: 0 } : held.posts) },
    mine === 0 ? [] : readSections({ ...context, full: false, only: mine }),
    // A new count is asked from the cursor's own moment (askHeldStamps).
    since === undefined ? null : countAgain ? countNewPosts(db, new Date(since), channelId, viewer) : (held.newCount?.count ?? 0),
  ]);
  // Notifications moved: the unread count their section read; otherwise the one held.
  const unread = session === undefined ? null : (unreadIn(sections) ?? held.unread ?? null);
  const { digests, changed } = merged(sections, held.digests, held.digests);
  const cursor = encodeSyncCursor({
    viewer, channelId, postsText: posts.cursor, issuedAt: now, digests, stamp: settled, unread,
    newCount: since === undefined || newCount === null ? held.newCount : { since, count: newCount },
  });
  return {
    ...changed, cursor, refresh: false, posts: posts.posts, deleted: posts.deleted, has_more: posts.has_more, new_count: newCount, unread_count: unread,
  };
}

export async function syncPull(context: Context, query: SyncPullQuery, now = Date.now(), answered?: (how: PullAnswer) => void): Promise<SyncPull> {
  const stamps = await askHeldStamps(context, query, now);
  if (stamps !== null) {
    const { mine, posts } = stamps.stamps;
    answered?.(mine !== 0 ? 'sections' : posts ? 'posts' : 'stamps');
    return fromStamps(context, stamps, now);
  }
  answered?.('sections');
  const { db, session, channelId } = context;
  const viewer = session?.user.id ?? null;
  // Also the stamp position of this read: every transaction below it is visible to the reads below.
  const settled = await settledBelow(db);
  const sent = query.cursor;
  const refresh = sent !== undefined && unservable(sent, { viewer, channelId, now, settled }) !== null;
  const held = refresh ? undefined : sent;
  // Without a cursor the device can be told nothing as a delta: every section, the posts' start.
  const full = query.full || held === undefined;
  const [posts, sections, newCount] = await Promise.all([
    held === undefined
      ? { posts: [], deleted: [], cursor: encodeCursor({ xid: settled, id: 0 }), has_more: false }
      : listPostChanges(db, channelId, viewer, held.posts, settled),
    readSections({ ...context, full }),
    query.since === undefined ? null : countNewPosts(db, query.since, channelId, viewer),
  ]);
  const unread = session === undefined ? null : (unreadIn(sections) ?? await unreadCount(db, session.user.id));
  // A pull without `full` leaves the held sections' digests as they were.
  const { digests, changed } = merged(sections, full ? {} : { ...held?.digests }, held?.digests ?? {});
  const cursor = encodeSyncCursor({
    viewer, channelId, postsText: posts.cursor, issuedAt: now, digests, stamp: settled, unread,
    newCount: query.since === undefined || newCount === null ? undefined : { since: query.since.getTime(), count: newCount },
  });
  return {
    ...changed, cursor, refresh, posts: posts.posts, deleted: posts.deleted, has_more: posts.has_more, new_count: newCount, unread_count: unread,
  };
}
