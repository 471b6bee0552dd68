// The list item actions menu of docs/product.md §4/§6 (src/db/item-actions-menu.ts) as tables, and the
// docs/product.md §4 rule of what each change does to the view the item is in.
import { describe, expect, it } from 'vitest';
import { POST_ACTIONS } from '../../common/contract';
import { applyItemChange, itemActionsMenu, itemCommentActionsMenu, type ItemChange } from '../../src/db/item-actions-menu';

const ME = { id: 7 };

describe('itemActionsMenu(item, viewer)', () => {
  it.each([
    ['owner, active item', { is_mine: true, isArchived: false }, ME, ['editPost', 'archivePost', 'deletePost']],
    ['owner, archived item: only restore', { is_mine: true, isArchived: true }, ME, ['restorePost']],
    ["someone else's list, active item", { is_mine: false, isArchived: false }, ME, []],
    ["someone else's list, archived item", { is_mine: false, isArchived: true }, ME, []],
    ['an anonymous visitor', { is_mine: true, isArchived: false }, null, []],
  ] as const)('%s', (_case, item, viewer, expected) => {
    const menu = itemActionsMenu(item, viewer);
    expect(menu).toEqual(expected);
    for (const action of menu) expect(POST_ACTIONS).toContain(action);
  });
});

describe('itemCommentActionsMenu(comment, item, viewer)', () => {
  const mine = { is_mine: true, isReported: false };
  const theirs = { is_mine: false, isReported: false };
  const myList = { is_mine: true };
  const theirList = { is_mine: false };
  it.each([
    ['my comment', mine, theirList, ME, ['editComment', 'deleteComment']],
    ['my comment on my list', mine, myList, ME, ['editComment', 'deleteComment']],
    ["someone's comment on someone's list", theirs, theirList, ME, ['reportComment']],
    ["someone's comment on my list (moderation)", theirs, myList, ME, ['deleteComment', 'reportComment']],
    ["someone's comment on my list, my report pending", { ...theirs, isReported: true }, myList, ME, ['deleteComment']],
    ["someone's comment, my report pending", { ...theirs, isReported: true }, theirList, ME, []],
    ['an anonymous visitor', theirs, theirList, null, []],
  ] as const)('%s', (_case, comment, item, viewer, expected) => {
    const menu = itemCommentActionsMenu(comment, item, viewer);
    expect(menu).toEqual(expected);
    for (const action of menu) expect(POST_ACTIONS).toContain(action);
  });
});

describe('applyItemChange(view, change): docs/product.md §4 list item transitions', () => {
  type Item = { id: number; text: string };
  const a = { id: 1, text: 'a' };
  const b = { id: 2, text: 'b' };
  const c = { id: 3, text: 'c' };
  const view: readonly Item[] = [a, b, c];

  it.each([
    ['archive removes it', { kind: 'archivePost', id: 2 }, [a, c]],
    ['restore removes it (from the archived view)', { kind: 'restorePost', id: 1 }, [b, c]],
    ['delete removes it', { kind: 'deletePost', id: 3 }, [a, b]],
    ['create appends at the end', { kind: 'create', item: { id: -4, text: 'd' } }, [a, b, c, { id: -4, text: 'd' }]],
    ['update replaces in place', { kind: 'update', item: { id: 2, text: 'B' } }, [a, { id: 2, text: 'B' }, c]],
    ['update of an item not in the view adds nothing', { kind: 'update', item: { id: 9, text: 'x' } }, [a, b, c]],
    ['removing an item not in the view changes nothing', { kind: 'archivePost', id: 9 }, [a, b, c]],
  ] as const satisfies readonly (readonly [string, ItemChange<Item>, readonly Item[]])[])('%s', (_case, change, expected) => {
    expect(applyItemChange(view, change)).toEqual(expected);
  });

  it('a create of an item already shown moves it to the end once (no duplicate)', () => {
    expect(applyItemChange(view, { kind: 'create', item: { id: 1, text: 'a2' } })).toEqual([b, c, { id: 1, text: 'a2' }]);
  });

  it('never changes the view it is given', () => {
    const copy = [...view];
    applyItemChange(view, { kind: 'deletePost', id: 1 });
    applyItemChange(view, { kind: 'create', item: { id: 5, text: 'e' } });
    expect(view).toEqual(copy);
  });
});
