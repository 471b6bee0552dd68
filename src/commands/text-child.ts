// What the commands on the text rows under a parent share (docs/product.md §7): the comments and
// notes of a post (comment-commands.ts, note-commands.ts) and of a list item
// (item-social-commands.ts), whose ops are one family (ops/text-children.ts). Each command finds
// the parent and the row with these, checking what the server checks and in the same order, and
// then builds its own entry, so that the op's name and payload are checked where it is written.
import { TEXT_LIMITS } from '../../common/constants';
import type { RowOf } from '../model/kinds';
import type { NewOutboxEntry } from '../model/outbox-types';
import { currentId } from '../model/rows';
import type { RowRef } from '../model/types';
import { cancelUnsent } from './cancel-unsent';
import { commit, commitOrSettle, nextTempId } from './commit';
import { forbidden, itemTarget, requireItem, requireRow, requireText } from './guards';

/** A text trimmed and within its limit, else a 422 with the server's wording. */
export const checkText = {
  comment: (text: string) => requireText('comment', text, TEXT_LIMITS.comment, 'Write a comment'),
  note: (text: string) => requireText('note', text, TEXT_LIMITS.note, 'Write a note'),
};

/**
 * Who may act on a row (docs/product.md §6): anyone who sees it (notes are their author's alone),
 * its author (an edit), anyone but its author (a report), or its author and the parent's owner
 * (the delete of a comment: the owner moderates their request or list).
 */
type Rule = 'anyone' | 'author' | 'others' | 'authorOrOwner';
const WHO = { anyone: 'anyone', author: 'owner', others: 'others', authorOrOwner: 'anyone' } as const;

const isMine = (row: object): boolean => 'is_mine' in row && row.is_mine === true;

/** The post a row is written under, as it is now (followed from a temporary id). */
export async function postTarget(postId: number): Promise<{ postId: number }> {
  const id = await currentId('posts', postId);
  await requireRow('posts', id);
  return { postId: id };
}

/** A row of this post that `rule` lets the viewer act on, and the post's target. */
export async function rowOfPost<C extends 'comments' | 'notes'>(table: C, postId: number, id: number, rule: Rule) {
  const post = { postId: await currentId('posts', postId) };
  const row = await requireRow(table, id, { under: post.postId, who: WHO[rule] });
  if (rule === 'authorOrOwner') {
    const isOwner = (await requireRow('posts', post.postId)).is_mine;
    if (!isMine(row) && !isOwner) throw forbidden();
  }
  return { row, post };
}

/** The item a row is written under: it must be active (an archived item is only restored). */
export async function itemOf(itemId: number): Promise<{ listId: number; itemId: number }> {
  return itemTarget(await requireItem(itemId, 'active'));
}

/** A row of an active item that `rule` lets the viewer act on, and the item's target. */
export async function rowOfItem<C extends 'itemComments' | 'itemNotes'>(table: C, id: number, rule: Rule) {
  const row: RowOf[C] = await requireRow(table, id, { who: WHO[rule] });
  const item = await requireItem(row.list_item_id, 'active');
  if (rule === 'authorOrOwner' && !isMine(row) && !item.is_mine) throw forbidden();
  return { row, item: itemTarget(item) };
}

/** A create: the parent found, a temporary id drawn; the row shows at once under the id returned. */
export async function createUnder<P>(parent: () => Promise<P>, entry: (parent: P, tempId: number) => NewOutboxEntry): Promise<{ id: number }> {
  let id = 0;
  await commit(async () => {
    const found = await parent();
    id = await nextTempId();
    return entry(found, id);
  });
  return { id };
}

/**
 * A delete: `find` checks the row and builds its entry; a row never sent is cancelled with its
 * create instead (cancel-unsent.ts), its parent's shown count recomputed (`rows`).
 */
export async function deleteChild(find: () => Promise<{ id: number; rows: RowRef[]; entry: () => NewOutboxEntry }>): Promise<void> {
  await commitOrSettle(async () => {
    const { id, rows, entry } = await find();
    return (await cancelUnsent(id, rows)) ? null : entry();
  });
}
