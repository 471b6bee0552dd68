// Whose values the local rows hold. isPrayed, is_bookmarked, is_mine, isLiked and notes are the
// viewer's (docs/product.md §3), so a sign-in as another account rebuilds the rows: server rows go (the
// next pull brings the new viewer's), and the new viewer's own pending changes are re-applied,
// which also brings back their offline-created rows. Another account's pending entries stay in
// the outbox, held, and are shown again when that account signs in
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
import { db } from '../src/model/db';
import { getMeta, setMeta } from '../src/model/meta';
import { applyEntry } from '../src/commands/ops/registry';
import { shownEntries } from '../src/model/rebase';


/**
 * Call inside a rw transaction over writeTables(), after the new session is stored. An unknown
 * viewer (a token whose profile has not loaded yet) changes nothing: the profile load calls again.
 */
export async function adoptViewer(viewer: number | null): Promise<void> {
  if (viewer === null) return;
  const owner = (await getMeta('rowsViewer')) ?? null;
  if (owner === viewer) return;
  await rebuildRows();
  await setMeta('rowsViewer', viewer);
}

/**
 * Server rows of posts, lists and groups go; the signed-in account's pending entries are re-applied,
 * which brings back their offline-created rows. Also the refresh of a cursor GET sync/pull could
 * not serve (worker/sync-apply.ts). Inside a rw transaction over writeTables().
 */
export async function rebuildRows(): Promise<void> {
  await Promise.all([db.posts.clear(), db.comments.clear(), db.notes.clear()]);
  await Promise.all([db.lists.clear(), db.listItems.clear(), db.itemComments.clear(), db.itemNotes.clear(), db.groups.clear()]);
  // Issue #28: what an admin screen read of the groups goes with them (src/model/group-admin-cache.ts).
  await db.meta.delete('groupAdmin');
  for (const entry of await shownEntries()) await applyEntry(entry);
}
