// The model's writes for every kind of row (src/model/rows.ts): forgetting a row takes what
// belongs to it, a real id replaces a temporary one everywhere, and screens follow the map.
import { beforeEach, describe, expect, it } from 'vitest';
import { newEntry } from '../../src/commands/commit';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { getMeta } from '../../src/model/meta';
import { EMPTY_COMMENT_LOCAL, EMPTY_LIST_ITEM_LOCAL, EMPTY_LIST_LOCAL, EMPTY_NOTE_LOCAL, type ListRow } from '../../src/model/types';
import { currentId, forgetRows, rewriteTempId } from '../../src/model/rows';
import { commentRow, noteRow, postRow } from '../unit/fixtures';

const AT = '2025-01-01T12:00:00.000Z';
const list = (id: number): ListRow => ({
  id, key: null, name: 'Family', description: null, user_id: 1, user: null, channel_id: 1, visibility: 2, is_mine: true,
  is_garden: false, config: { qtd: 1 }, qtd: 1, created_at: AT, updated_at: AT, local: { ...EMPTY_LIST_LOCAL },
});
const item = (id: number, listId: number) => ({
  id, post_list_id: listId, post_id: null, title: null, text: 'Healing', reference: null, position: 1, deleted_at: null,
  prayedCount: 0, isPrayed: false, is_bookmarked: false, is_mine: true, commentCount: 0, noteCount: 0, created_at: AT, updated_at: AT,
  local: { ...EMPTY_LIST_ITEM_LOCAL },
});
const itemNote = (id: number, itemId: number) => ({ id, list_item_id: itemId, note: 'n', created_at: AT, updated_at: AT, createdAtMs: 0, local: { ...EMPTY_NOTE_LOCAL } });
const itemComment = (id: number, itemId: number) => {
  const { post_id: _postId, ...comment } = commentRow({ id });
  return { ...comment, list_item_id: itemId, local: { ...EMPTY_COMMENT_LOCAL } };
};

const inTx = (run: () => Promise<void>) => db.transaction('rw', writeTables(), run);

beforeEach(async () => {
  await clearAllTables();
  await db.posts.bulkPut([postRow({ id: -1 }), postRow({ id: 2 })]);
  await db.comments.bulkPut([commentRow({ id: -3, post_id: -1 }), commentRow({ id: 4, post_id: 2 })]);
  await db.notes.bulkPut([{ ...noteRow({ id: -5 }), post_id: -1 }]);
  await db.lists.bulkPut([list(-6), list(7)]);
  await db.listItems.bulkPut([item(-8, -6), item(9, 7)]);
  await db.itemNotes.bulkPut([itemNote(-10, -8)]);
  await db.itemComments.bulkPut([itemComment(-11, -8)]);
});

describe('forgetRows', () => {
  it('a post goes with its comments and notes; others stay', async () => {
    await inTx(() => forgetRows('posts', [-1]));
    expect(await db.posts.toCollection().primaryKeys()).toEqual([2]);
    expect(await db.comments.toCollection().primaryKeys()).toEqual([4]);
    expect(await db.notes.count()).toBe(0);
  });

  it('a list goes with its items and their notes and comments', async () => {
    await inTx(() => forgetRows('lists', [-6]));
    expect(await db.lists.toCollection().primaryKeys()).toEqual([7]);
    expect(await db.listItems.toCollection().primaryKeys()).toEqual([9]);
    expect(await db.itemNotes.count() + (await db.itemComments.count())).toBe(0);
  });
});

describe('rewriteTempId', () => {
  it.each([
    // [kind, temporary id, real id, the child table and field that follow, the id map]
    ['posts', -1, 21, 'comments', 'post_id', 'postIdMap'],
    ['lists', -6, 26, 'listItems', 'post_list_id', 'listIdMap'],
    ['listItems', -8, 28, 'itemNotes', 'list_item_id', 'listIdMap'],
  ] as const)('%s: the temporary row goes, its children and the map follow', async (table, tempId, realId, child, field, map) => {
    await inTx(() => rewriteTempId(table, tempId, realId));
    expect(await db.table(table).get(tempId)).toBeUndefined();
    expect((await db.table(child).where(field).equals(realId).count()) > 0).toBe(true);
    expect((await getMeta(map))?.[String(tempId)]).toBe(realId);
    expect(await readTx(() => currentId(table, tempId))).toBe(realId);
  });

  it('every pending entry naming the id follows it, whatever field holds it', async () => {
    await db.outbox.bulkAdd([
      newEntry('listItemNote.edit', { listId: -6, itemId: -8, itemNoteId: -10 }, { note: 'x' }),
      newEntry('comment.like', { postId: -1, commentId: -3 }, null),
    ]);
    await inTx(() => rewriteTempId('itemNotes', -10, 30));
    await inTx(() => rewriteTempId('comments', -3, 33));
    const targets = (await db.outbox.orderBy('seq').toArray()).map((entry) => entry.target);
    expect(targets).toEqual([{ listId: -6, itemId: -8, itemNoteId: 30 }, { postId: -1, commentId: 33 }]);
    expect(await getMeta('postIdMap')).toBeUndefined();
  });
});

function readTx<T>(run: () => Promise<T>): Promise<T> {
  return db.transaction('r', writeTables(), run);
}
