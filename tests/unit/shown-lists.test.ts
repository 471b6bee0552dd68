// What screens show for lists and items (src/db/shown-lists.ts), as a table: server values with
// this device's unacknowledged intent on top, never counted twice (docs/architecture/local-store.md
// 'Local database'), docs/product.md §4 views.
import { describe, expect, it } from 'vitest';
import type { ApiListItem } from '../../common/contract';
import { selectItems, selectSessionItems, toShownItem, toShownList } from '../../src/db/shown-lists';
import { EMPTY_LIST_ITEM_LOCAL, EMPTY_LIST_LOCAL, type ListItemLocal, type ListItemRow, type ListRow } from '../../src/model/types';

function item(overrides: Partial<ApiListItem> = {}, local: Partial<ListItemLocal> = {}): ListItemRow {
  const at = '2025-01-01T12:00:00.000Z';
  return {
    id: 1, post_list_id: 9, post_id: null, title: null, text: 'Healing', reference: null, position: 1, deleted_at: null,
    prayedCount: 0, isPrayed: false, is_bookmarked: false, is_mine: true, commentCount: 0, noteCount: 0, created_at: at, updated_at: at,
    ...overrides,
    local: { ...EMPTY_LIST_ITEM_LOCAL, ...local },
  };
}

const list = (qtd: number, itemDelta: number): ListRow => ({
  id: 9, key: null, name: 'Family', description: null, user_id: 1, user: null, channel_id: 1, visibility: 2, is_mine: true,
  is_garden: false, config: { qtd }, qtd: 0, created_at: '', updated_at: '', local: { ...EMPTY_LIST_LOCAL, itemDelta },
});

describe('shown list item', () => {
  it.each([
    ['server count only', item({ prayedCount: 4 }), 4, false],
    ['plus unacknowledged prays', item({ prayedCount: 4 }, { pendingPrays: 2 }), 6, true],
    ['a pray of mine already counted by the server is not added again', item({ prayedCount: 5, isPrayed: true }), 5, true],
  ])('%s', (_name, row, shown, isPrayed) => {
    expect(toShownItem(row)).toMatchObject({ shownPrayedCount: shown, isPrayed });
  });


  it('docs/product.md §4: archive, restore and delete each take the item out of the view it was in', () => {
    const rows = [
      item({ id: 1, position: 2 }),
      item({ id: 2, position: 1 }, { archived: true }),
      item({ id: 3, deleted_at: '2025-01-02T00:00:00.000Z' }, { archived: false }),
      item({ id: 4, position: 3 }, { deleted: true }),
      item({ id: -5 }),
    ];
    expect(selectItems(rows, false).map((i) => i.id)).toEqual([3, 1, -5]);
    expect(selectItems(rows, true).map((i) => i.id)).toEqual([2]);
  });

  it('a session takes the items not yet prayed first, up to its size', () => {
    const rows = [item({ id: 1, position: 1, isPrayed: true }), item({ id: 2, position: 2 }), item({ id: 3, position: 3 }, { pendingPrays: 1 }), item({ id: 4, position: 4 })];
    expect(selectSessionItems(rows, 3).map((i) => i.id)).toEqual([2, 4, 1]);
  });

  it('the list count moves by what is pending here, never below zero', () => {
    expect(toShownList(list(3, 1)).shownItemCount).toBe(4);
    expect(toShownList(list(0, -1)).shownItemCount).toBe(0);
  });
});
