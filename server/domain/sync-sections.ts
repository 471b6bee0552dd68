// The sections of GET sync/pull beyond the posts (issue #25 item 1; common/sync-contract.ts
// SyncPullSections): each is read with the same domain call as its single route, digested
// (domain/sync-cursor.ts), and put into the answer only when its digest differs from the one the
// device's cursor holds. The item and session sections are read only with `full` (the start,
// online, the prefetch's period, the periodic sync: docs/architecture.md 'Outbox and sync protocol').
import type { ApiList, ApiListItem, ApiPost, ChannelId, Page } from '../../common/contract';
import { SYNC_PULL_MAX_PAGES, type SyncItems, type SyncPostSessionKind, type SyncPullSections } from '../../common/sync-contract';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { getSettings } from './account-settings';
import { groupLists } from './group-lists';
import { myGroups } from './groups';
import { listHiddenPeople } from './hidden-people';
import { bookmarkedItems, biblicalPrayers } from './list-item-actions';
import { listIndex } from './list-discovery';
import { getListDetail } from './list-items';
import { biblicalSession, listSession } from './list-sessions';
import { listReported } from './moderation';
import { noteCounts } from './notes';
import { listNotifications } from './notifications';
import { bookmarkSession, communitySession, groupSession, myPrayersSession, quickSession } from './prayer-session-feeds';
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
async function read<T>(key: string, load: () => Promise<T>, put: (out: SyncPullSections, value: T) => void): Promise<(SectionRead & { value: T })[]> {
  try {
    const value = await load();
    return [{ key, value, put: (out) => put(out, value) }];
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 403 || err.statusCode === 404)) return [];
    throw err;
  }
}

/** Every page of an item feed, as far as SYNC_PULL_MAX_PAGES. */
async function allPages(load: (page: number) => Promise<{ list: SyncItems['list']; items: Page<ApiListItem> }>): Promise<SyncItems> {
  const items: ApiListItem[] = [];
  let list: SyncItems['list'] = null;
  for (let page = 1; page <= SYNC_PULL_MAX_PAGES; page += 1) {
    const answer = await load(page);
    list = answer.list;
    items.push(...answer.items.data);
    if (page >= answer.items.last_page) return { list, items, complete: true };
  }
  return { list, items, complete: false };
}

function putPostSession(kind: SyncPostSessionKind) {
  return (out: SyncPullSections, posts: ApiPost[]) => {
    out.post_sessions = { ...out.post_sessions, [kind]: posts };
  };
}

/** What is the account's own and cheap: read on every pull with a session. */
async function accountSections({ db, config, session, only = -1 }: SectionContext): Promise<SectionRead[]> {
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
  section('groups', async () => ({ groups: await myGroups(db, user.id) }), (out, v) => (out.groups = v));
  if (isModerator(user, config)) reads.push(read('mod', () => listReported(db, 1), (out, v) => (out.moderation = v)));
  return (await Promise.all(reads)).flat();
}

/** My lists, their items and sessions, the biblical prayers and the session feeds: read with `full` only. */
async function heldSections({ db, session, channelId }: SectionContext): Promise<SectionRead[]> {
  const viewer = session?.user.id ?? null;
  const reads: Promise<SectionRead[]>[] = [];
  const index = await listIndex(db, channelId, viewer, { page: 1 });
  reads.push(read('lists', async () => index, (out, v) => (out.lists = v)));
  for (const list of [...index.myLists, ...(session === undefined ? [] : await groupListReads(db, session.user.id, reads))]) {
    reads.push(read(`l${list.id}`, () => allPages((page) => getListDetail(db, list.id, viewer, { page, archived: false })), (out, v) => {
      out.list_items = [...(out.list_items ?? []), v];
    }));
    reads.push(read(`ls${list.id}`, () => listSession(db, list.id, viewer), (out, v) => {
      out.list_sessions = [...(out.list_sessions ?? []), { key: `list:${list.id}`, session: v }];
    }));
  }
  reads.push(read('bib', () => allPages((page) => biblicalPrayers(db, channelId, viewer, { page })), (out, v) => (out.biblical = v)));
  reads.push(read('lsbib', () => biblicalSession(db, channelId, viewer), (out, v) => {
    out.list_sessions = [...(out.list_sessions ?? []), { key: 'biblical', session: v }];
  }));
  reads.push(read('pscommunity', async () => (await communitySession(db, viewer, channelId, 1)).data, putPostSession('community')));
  if (session !== undefined) {
    const { user } = session;
    reads.push(read('bm', () => allPages(async (page) => ({ list: null, items: await bookmarkedItems(db, user.id, page) })), (out, v) => (out.bookmarks = v)));
    reads.push(read('psquick', async () => (await quickSession(db, user.id, channelId, 1, user.prayerSessionItemsQtd)).data, putPostSession('quick')));
    reads.push(read('psmine', async () => (await myPrayersSession(db, user.id, 1)).data, putPostSession('my-prayers')));
    reads.push(read('psbookmark', async () => (await bookmarkSession(db, user.id, 1)).data, putPostSession('bookmark')));
  }
  return (await Promise.all(reads)).flat();
}

/**
 * Issue #28 item 4: for each of my groups, its lists (`gl<id>`) and its session's first page
 * (`psg<id>`) join `reads`; the lists are returned, so that their items and sessions are read as my own lists' are.
 */
async function groupListReads(db: Db, userId: number, reads: Promise<SectionRead[]>[]): Promise<ApiList[]> {
  const held: ApiList[] = [];
  for (const group of await myGroups(db, userId)) {
    const lists = await groupLists(db, group.id, userId);
    held.push(...lists);
    reads.push(read(`gl${group.id}`, async () => lists, (out, v) => {
      out.group_lists = [...(out.group_lists ?? []), { group_id: group.id, lists: v }];
    }));
    reads.push(read(`psg${group.id}`, async () => (await groupSession(db, group.id, userId, 1)).data, (out, v) => {
      out.group_sessions = [...(out.group_sessions ?? []), { group_id: group.id, posts: v }];
    }));
  }
  return held;
}

/** Every section this pull reads, in a stable order. */
export async function readSections(context: SectionContext): Promise<SectionRead[]> {
  const account = await accountSections(context);
  return context.full ? [...account, ...(await heldSections(context))] : account;
}
