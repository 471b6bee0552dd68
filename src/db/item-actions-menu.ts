// The list item side of the docs/product.md §4/§6 actions menus, as pure functions named with the docs/product.md §3
// action names (common/contract.ts POST_ACTIONS), plus the docs/product.md §4 rule for what a change does
// to the view the item is shown in. The server enforces the same rules (docs/api.md "Who may do
// what", "Archived items"); the menu only offers what it would accept.
import type { PostAction } from '../../common/contract';
import type { Viewer } from './actions-menu';

/** The docs/product.md §3 action names a list item's menu can hold. */
export type ItemAction = Extract<PostAction, 'editPost' | 'archivePost' | 'restorePost' | 'deletePost'>;

/** What the menu needs of an item: whose list it is and whether it is archived. */
type MenuItem = { is_mine: boolean; isArchived: boolean };

/**
 * docs/product.md §4 List item: an active item can be edited, archived or deleted; an archived one can only
 * be restored. docs/product.md §6: these are the list owner's actions; anyone else gets none (items are not
 * reported, only their comments are).
 */
export function itemActionsMenu(item: MenuItem, viewer: Viewer): ItemAction[] {
  if (viewer === null || !item.is_mine) return [];
  return item.isArchived ? ['restorePost'] : ['editPost', 'archivePost', 'deletePost'];
}

/**
 * docs/product.md §6: a comment's author edits and deletes it; the list's owner may also delete it
 * (docs/api.md: comment author or list owner) and report it; anyone else may report it, once.
 */
export function itemCommentActionsMenu(
  comment: { is_mine: boolean; isReported: boolean },
  item: { is_mine: boolean },
  viewer: Viewer,
): PostAction[] {
  if (viewer === null) return [];
  if (comment.is_mine) return ['editComment', 'deleteComment'];
  const report: PostAction[] = comment.isReported ? [] : ['reportComment'];
  return item.is_mine ? ['deleteComment', ...report] : report;
}

/** A change to an item as a view sees it (docs/product.md §4 List item). */
export type ItemChange<T> =
  | { kind: 'create'; item: T }
  | { kind: 'update'; item: T }
  | { kind: Exclude<ItemAction, 'editPost'>; id: number };

/**
 * docs/product.md §4: archiving, restoring and deleting each remove the item from the current view (the
 * active view loses what is archived, the archived view what is restored); creating appends it
 * at the end; updating replaces it in place. Returns a new array; the input is not changed.
 * The live queries (src/db/shown-lists.ts selectItems) produce the same result from the rows;
 * this is the rule on its own, for views that hold items in memory and for the tests.
 */
export function applyItemChange<T extends { id: number }>(view: readonly T[], change: ItemChange<T>): T[] {
  switch (change.kind) {
    case 'create':
      return [...view.filter((item) => item.id !== change.item.id), change.item];
    case 'update':
      return view.map((item) => (item.id === change.item.id ? change.item : item));
    case 'archivePost':
    case 'restorePost':
    case 'deletePost':
      return view.filter((item) => item.id !== change.id);
  }
}
