// The sections of GET sync/pull beyond the posts (issue #25 item 1; common/sync-contract.ts
// SyncPullSections): each is read with the same reads (visibility, filter, order) as its single route,
// without the totals a page carries (the item sections and session feeds send their first rows), digested
// (domain/sync-cursor.ts), and put into the answer only when its digest differs from the one the
// device's cursor holds. The item and session sections are read only with `full` (the start,
// online, the prefetch's period, the periodic sync: docs/architecture/sync-protocol.md 'Outbox and
// sync protocol').
import type { ApiList, ApiListItem, ApiPost, ChannelId } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { ApiGroup } from '../../common/group-contract';
import { SYNC_PULL_MAX_PAGES, type SyncItems, type SyncPostSessionKind, type SyncPullSections } from '../../common/sync-contract';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { getSettings } from './account-settings';
import { groupsLists } from './group-lists';
import { myGroups } from './groups';
import { listHiddenPeople } from './hidden-people';
import { biblicalPrayersUpTo, bookmarkedItemsUpTo } from './list-item-actions';
import { listIndex } from './list-discovery';
import { listItemsUpTo } from './list-items';
import { sessionOf, sessionSizeOf } from './list-sessions';
import { requireBiblicalList } from './lists';
import { listReported } from './moderation';
import { noteCounts } from './notes';
import { listNotifications } from './notifications';
import { bookmarkFirstRows, communityFeed, groupFeed, myPrayersFeed, quickFeed, sessionFirstRows } from './prayer-session-feeds';
import { listReminders } from './reminders';
import type { Session } from './tokens';
import { isModerator } from './users';

/**
 * `only`: the account sections to read, as SECTION_BITS (the change stamps' answer); undefined: all.
 * The held sections and `full` ignore it.
 */
export type SectionContext = { db: Db; config: AppConfig; session: Session | undefined; channelId: ChannelId; full: boolean; only?: number };

/**
 * Each account section's bit in a change stamp (member_changes.sections, migration 0026, which
 * writes these numbers): the triggers say which sections a change moved, and a pull reads those.
 */
export const SECTION_BITS = { notif: 1, groups: 2, settings: 4, reminders: 8, hidden: 16, notes: 32 } as const;
type AccountSection = keyof typeof SECTION_BITS;

/**
 * A section read: its digest key, its value's digest is taken by the caller, `put` writes it into
 * the answer; the notifications' read also carries the unread count it read (the pull's own).
 */
export type SectionRead = { key: string; value: unknown; put: (out: SyncPullSections) => void; unread?: number };

/** A section the caller cannot see (a 403 or 404 of its single route) is left out, not an error. */
function leftOut(err: unknown): null {
  if (err instanceof HttpError && (err.statusCode === 403 || err.statusCode === 404)) return null;
  throw err;
}

async function read<T>(key: string, load: () => Promise<T>, put: (out: SyncPullSections, value: T) => void): Promise<(SectionRead & { value: T })[]> {
  const value = await load().catch(leftOut);
  return value === null ? [] : [{ key, value, put: (out) => put(out, value) }];
}

/** The most items an item section carries: SYNC_PULL_MAX_PAGES pages of the item feed. */
const MOST_ITEMS = SYNC_PULL_MAX_PAGES * PAGE_SIZE;

/**
 * An item feed's first MOST_ITEMS items, read in one statement as one more than that: `complete`
 * when the feed has no more (as if its pages were read until the last).
 */
async function upTo(list: SyncItems['list'], load: (limit: number) => Promise<ApiListItem[]>): Promise<SyncItems> {
  const items = await load(MOST_ITEMS + 1);
  return { list, items: items.slice(0, MOST_ITEMS), complete: items.length <= MOST_ITEMS };
}

function putPostSession(kind: SyncPostSessionKind) {
  return (out: SyncPullSections, posts: ApiPost[]) => {
    out.post_sessions = { ...out.post_sessions, [kind]: posts };
  };
}

/** What is the account's own and cheap: read on every pull with a session. */
async function accountSections({ db, config, session, only = -1 }: SectionContext, groups: () => Promise<ApiGroup[]>): Promise<SectionRead[]> {
  if (session === undefined) return [];
  const { user } = session;
  const reads: Promise<SectionRead[]>[] = [];
  const section = <T>(key: AccountSection, load: () => Promise<T>, put: (out: SyncPullSections, value: T) => void) => {
    if ((only & SECTION_BITS[key]) !== 0) reads.push(read(key, load, put));
  };
  section('settings', () => getSettings(db, user, config), (out, v) => (out.settings = v));
  section('reminders', () => listReminders(db, user.id), (out, v) => (out.reminders = v));
  section('hidden', () => listHiddenPeople(db, user.id), (out, v) => (out.hidden_people = v));
  if ((only & SECTION_BITS.notif) !== 0) {
    reads.push(read('notif', () => listNotifications(db, user.id, 1), (out, v) => (out.notifications = v))
      .then((found) => found.map((notif) => ({ ...notif, unread: notif.value.unread_count }))));
  }
  section('notes', () => noteCounts(db, user.id), (out, v) => (out.note_counts = v));
  // Issue #28: my groups, so memberships gained or lost elsewhere reach the device (a few rows).
  section('groups', async () => ({ groups: await groups() }), (out, v) => (out.groups = v));
  if (isModerator(user, config)) reads.push(read('mod', () => listReported(db, 1), (out, v) => (out.moderation = v)));
  return (await Promise.all(reads)).flat();
}

/**
 * My lists, my groups' lists, their items and sessions, the biblical prayers and the session
 * feeds: read with `full` only. Each list is the one its index read (no list read again per
 * section), each item section one statement (upTo), the groups' lists one statement, and the
 * session feeds their first rows without a total (docs/decisions/0226-a-full-pull-reads-each-kind-of-section-once.md).
 */
async function heldSections({ db, session, channelId }: SectionContext, groups: () => Promise<ApiGroup[]>): Promise<SectionRead[]> {
  const viewer = session?.user.id ?? null;
  const size = sessionSizeOf(session?.user.prayerSessionItemsQtd);
  const reads: Promise<SectionRead[]>[] = [];
  const [index, biblical] = await Promise.all([listIndex(db, channelId, viewer, { page: 1 }), requireBiblicalList(db, channelId, viewer).catch(leftOut)]);
  reads.push(read('lists', async () => index, (out, v) => (out.lists = v)));
  for (const list of [...index.myLists, ...(session === undefined ? [] : await groupListReads(db, session.user.id, await groups(), reads))]) {
    reads.push(read(`l${list.id}`, () => upTo(list, (limit) => listItemsUpTo(db, list, viewer, limit)), (out, v) => {
      out.list_items = [...(out.list_items ?? []), v];
    }));
    reads.push(read(`ls${list.id}`, () => sessionOf(db, list, viewer, size), (out, v) => {
      out.list_sessions = [...(out.list_sessions ?? []), { key: `list:${list.id}`, session: v }];
    }));
  }
  if (biblical !== null) {
    reads.push(read('bib', () => upTo(biblical, (limit) => biblicalPrayersUpTo(db, biblical, viewer, limit)), (out, v) => (out.biblical = v)));
    reads.push(read('lsbib', () => sessionOf(db, biblical, viewer, size), (out, v) => {
      out.list_sessions = [...(out.list_sessions ?? []), { key: 'biblical', session: v }];
    }));
  }
  reads.push(read('pscommunity', () => sessionFirstRows(db, communityFeed(viewer, channelId)), putPostSession('community')));
  if (session !== undefined) {
    const { user } = session;
    reads.push(read('bm', () => upTo(null, (limit) => bookmarkedItemsUpTo(db, user.id, limit)), (out, v) => (out.bookmarks = v)));
    reads.push(read('psquick', () => sessionFirstRows(db, quickFeed(user.id, channelId, user.prayerSessionItemsQtd)), putPostSession('quick')));
    reads.push(read('psmine', () => sessionFirstRows(db, myPrayersFeed(user.id)), putPostSession('my-prayers')));
    reads.push(read('psbookmark', () => bookmarkFirstRows(db, user.id), putPostSession('bookmark')));
  }
  return (await Promise.all(reads)).flat();
}

/**
 * Issue #28 item 4: for each of my groups, its lists (`gl<id>`, all read in one statement) and its
 * session's first rows (`psg<id>`) join `reads`; the lists are returned, so that their items and
 * sessions are read as my own lists' are.
 */
async function groupListReads(db: Db, userId: number, groups: ApiGroup[], reads: Promise<SectionRead[]>[]): Promise<ApiList[]> {
  const byGroup = await groupsLists(db, groups.map((group) => group.id), userId);
  const held: ApiList[] = [];
  for (const group of groups) {
    const lists = byGroup.get(group.id) ?? [];
    held.push(...lists);
    reads.push(read(`gl${group.id}`, async () => lists, (out, v) => {
      out.group_lists = [...(out.group_lists ?? []), { group_id: group.id, lists: v }];
    }));
    reads.push(read(`psg${group.id}`, () => sessionFirstRows(db, groupFeed(group.id, userId)), (out, v) => {
      out.group_sessions = [...(out.group_sessions ?? []), { group_id: group.id, posts: v }];
    }));
  }
  return held;
}

/** Every section this pull reads, in a stable order. */
export async function readSections(context: SectionContext): Promise<SectionRead[]> {
  // My groups, read once for the groups section and the groups' lists and sessions.
  const { db, session } = context;
  let mine: Promise<ApiGroup[]> | undefined;
  const groups = () => (mine ??= session === undefined ? Promise.resolve([]) : myGroups(db, session.user.id));
  const [account, held] = await Promise.all([accountSections(context, groups), context.full ? heldSections(context, groups) : []]);
  return [...account, ...held];
}
