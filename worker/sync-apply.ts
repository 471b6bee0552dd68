// What a GET sync/pull answer (common/sync-contract.ts SyncPull; docs/decisions/0021-one-pull.md)
// writes into the local database: each part through the store its single pull uses, so an answer
// lands exactly as the separate pulls it replaces would have landed (put, then rebase: a pending
// local action stays on top). Runs under SYNC_LOCK (worker/sync-pull.ts).
import type { SyncNoteCounts, SyncPull, SyncPullSections } from '../common/sync-contract';
import { storeHiddenPeople } from '../src/db/hidden-people';
import { db, writeTables } from '../src/model/db';
import { getMeta, setMeta } from '../src/model/meta';
import { replaceServerReminders } from '../src/model/reminder-rows';
import { applyPostChanges } from './pull-changes';
import { storeGroupLists, storeListIndex, storeListItems, storeLists, unbookmarkMissing } from './pull-lists';
import { storeGroupPosts, storeGroups } from './pull-groups';
import { storeNotificationPage } from './pull-notifications';
import { storeListSession, storePostSession } from './pull-session';
import { rebuildRows } from './viewer';

/**
 * The refresh of a cursor the server could not serve: every server row of posts and lists goes
 * (the answer's sections and the feed's first page bring them back) and the pending entries are
 * re-applied on top: no queued intent is lost (src/model/rebase.ts).
 */
function dropServerRows(): Promise<void> {
  return db.transaction('rw', writeTables(), () => rebuildRows());
}

async function applyCounts(answer: SyncPull, viewer: number | null): Promise<void> {
  if (answer.new_count !== null && answer.new_count !== (await getMeta('newCount'))) await setMeta('newCount', answer.new_count);
  if (answer.notifications && viewer !== null) await storeNotificationPage(answer.notifications, viewer, 1);
  else if (answer.unread_count !== null && viewer !== null) await setMeta('notificationsUnread', { viewerId: viewer, count: answer.unread_count });
}

/**
 * The account's notes counts (a note written or deleted on another device) into the posts held
 * here: only the server's `noteCount`; a note queued here stays on top as `local.noteDelta`. With
 * the complete set, a held post it does not name has no note left.
 */
async function storeNoteCounts({ posts, complete }: SyncNoteCounts): Promise<void> {
  const counts = new Map(posts.map(({ post_id, count }) => [post_id, count]));
  await db.transaction('rw', writeTables(), async () => {
    await db.posts.where(':id').anyOf([...counts.keys()]).modify((row) => {
      const count = counts.get(row.id);
      if (count !== undefined && row.noteCount !== count) row.noteCount = count;
    });
    // Only the held posts with a count (the `noteCount` index), never a scan of them all.
    if (complete) {
      await db.posts.where('noteCount').above(0).filter((row) => row.id > 0 && !counts.has(row.id)).modify((row) => {
        row.noteCount = 0;
      });
    }
  });
}

async function applyAccount(sections: SyncPullSections, viewer: number | null): Promise<void> {
  if (sections.settings) await setMeta('sessionItemsQtd', sections.settings.session_items_qtd);
  if (sections.hidden_people) await storeHiddenPeople(sections.hidden_people.people);
  if (viewer === null) return;
  const { reminders, moderation, note_counts: noteCounts } = sections;
  if (noteCounts) await storeNoteCounts(noteCounts);
  if (reminders) await db.transaction('rw', writeTables(), () => replaceServerReminders(reminders, viewer));
  if (moderation) {
    const { data, total } = moderation.items;
    await setMeta('moderationQueue', { viewer, items: data, total, pulledAt: Date.now() });
  }
}

async function applyHeld(sections: SyncPullSections): Promise<void> {
  if (sections.lists) await storeListIndex(sections.lists);
  // Issue #28 item 4: my groups' lists (before their items) and their sessions' queues.
  for (const { group_id: groupId, lists } of sections.group_lists ?? []) await storeGroupLists(groupId, lists);
  for (const { group_id: groupId, posts } of sections.group_sessions ?? []) await storePostSession(`group:${groupId}`, posts);
  for (const { list, items, complete } of sections.list_items ?? []) if (list) await storeListItems(list, items, complete);
  if (sections.biblical) await storeLists(sections.biblical.list ? [sections.biblical.list] : [], sections.biblical.items);
  if (sections.bookmarks) {
    await storeLists([], sections.bookmarks.items);
    if (sections.bookmarks.complete) await unbookmarkMissing(new Set(sections.bookmarks.items.map((item) => item.id)));
  }
  for (const [kind, posts] of Object.entries(sections.post_sessions ?? {})) {
    if (kind === 'quick' || kind === 'community' || kind === 'my-prayers' || kind === 'bookmark') await storePostSession(kind, posts);
  }
  for (const { key, session } of sections.list_sessions ?? []) await storeListSession(key, [session.list], session.items);
}

/**
 * Writes one answer; the caller stores its cursor after, so an answer cut short is asked for again.
 * Answers the held groups the answer took from this device (the caller asks why: worker/pull-groups.ts explainGoneGroups).
 */
export async function applySyncPull(answer: SyncPull, viewer: number | null): Promise<number[]> {
  if (answer.refresh) await dropServerRows();
  // Issue #28: my groups first, so the posts of a group joined elsewhere land with this answer.
  const goneGroups = answer.groups && viewer !== null ? await storeGroups(answer.groups.groups) : [];
  await applyPostChanges(answer);
  await storeGroupPosts(answer.posts);
  await applyCounts(answer, viewer);
  await applyAccount(answer, viewer);
  await applyHeld(answer);
  return goneGroups;
}
