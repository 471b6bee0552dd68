// The merge of server rows into local ones (src/model/merge.ts, declared per kind in
// src/model/kinds.ts) as tables: one row per case, local vs server.
import { describe, expect, it } from 'vitest';
import type { ApiList, ApiListItem, ApiListItemComment, ApiListItemNote } from '../../common/contract';
import {
  EMPTY_LIST_ITEM_LOCAL, EMPTY_LIST_LOCAL, EMPTY_POST_LOCAL, type ListItemLocal, type ListItemRow, type LocalTable,
} from '../../src/model/types';
import { KINDS } from '../../src/model/kinds';
import { combineServerPosts, mergeServerPost } from '../../src/model/merge';
import { apiComment, apiPost, commentRow, noteRow, postRow } from '../unit/fixtures';

const mergeServerComment = KINDS.comments.merge;
const mergeServerItem = KINDS.listItems.merge;
const AT = '2025-01-01T12:00:00.000Z';

function item(overrides: Partial<ApiListItem> = {}, local: Partial<ListItemLocal> = {}): ListItemRow {
  return {
    id: 1, post_list_id: 9, post_id: null, title: null, text: 'Healing', reference: null, position: 1, deleted_at: null,
    prayedCount: 0, isPrayed: false, is_bookmarked: false, is_mine: true, commentCount: 0, noteCount: 0, created_at: AT, updated_at: AT,
    ...overrides,
    local: { ...EMPTY_LIST_ITEM_LOCAL, ...local },
  };
}

const apiList: ApiList = {
  id: 9, key: null, name: 'Family', description: null, user_id: 1, user: null, channel_id: 1, visibility: 2, is_mine: true,
  is_garden: false, config: { qtd: 1 }, qtd: 1, created_at: AT, updated_at: AT,
};
const itemComment: ApiListItemComment = { ...apiComment({ created_at: AT }), list_item_id: 1 };
const itemNote: ApiListItemNote = { id: 3, list_item_id: 1, note: 'mine', created_at: AT, updated_at: AT };

describe('mergeServerPost', () => {
  it.each([
    // [case, local prayedCount, server prayedCount, merged]
    ['a newer server count wins', 3, 5, 5],
    ['an older (replayed) answer never lowers the count', 5, 3, 5],
    ['equal counts stay', 4, 4, 4],
  ])('%s', (_case, local, server, merged) => {
    const row = mergeServerPost(postRow({ prayedCount: local }), apiPost({ prayedCount: server }));
    expect(row.prayedCount).toBe(merged);
  });

  it('drops local intent: only the rebase puts it back, from the outbox', () => {
    const row = mergeServerPost(postRow({}, { pendingPrays: 2, bookmarked: true }), apiPost({ prayedCount: 9 }));
    expect(row.local).toEqual(EMPTY_POST_LOCAL);
  });

  it('takes the server bookmark as is (a toggle can go both ways)', () => {
    expect(mergeServerPost(postRow({ is_bookmarked: true }), apiPost({ is_bookmarked: false })).is_bookmarked).toBe(false);
  });

  it('a new row starts without local intent and with its time indexed', () => {
    const row = mergeServerPost(undefined, apiPost({ created_at: '2025-02-01T00:00:00.000Z' }));
    expect(row.local).toEqual(EMPTY_POST_LOCAL);
    expect(row.createdAtMs).toBe(Date.parse('2025-02-01T00:00:00.000Z'));
  });
});

describe('mergeServerComment', () => {
  it('takes the server values and drops local intent; the rebase puts it back', () => {
    const row = mergeServerComment(commentRow({ comment: 'old' }, { edit: 'mine', liked: true }), apiComment({ comment: 'new', likeCount: 2 }));
    expect(row).toMatchObject({ comment: 'new', likeCount: 2, local: { edit: null, liked: null, deleted: false, reported: false } });
    expect(row.createdAtMs).toBe(Date.parse(apiComment().created_at));
  });
});

describe('combineServerPosts (a batch writes each post once)', () => {
  it('folds answers like successive merges: the later one, counts that only grow', () => {
    const a = apiPost({ prayedCount: 7, isPrayed: true, text: 'old' });
    const b = apiPost({ prayedCount: 6, isPrayed: false, text: 'new' });
    const row = postRow({ prayedCount: 5 });
    expect(mergeServerPost(row, combineServerPosts(a, b))).toEqual(mergeServerPost(mergeServerPost(row, a), b));
    expect(combineServerPosts(undefined, b)).toBe(b);
  });
});

describe('mergeServerItem', () => {
  it('an ack replayed from an older answer never lowers a newer count', () => {
    expect(mergeServerItem(item({ prayedCount: 7, isPrayed: true }), { ...item({ prayedCount: 5 }) }).prayedCount).toBe(7);
  });
});

describe('every kind: the server row wins and no intent survives', () => {
  const merged: [LocalTable, { local: object; createdAtMs?: number }, object][] = [
    ['posts', KINDS.posts.merge(postRow({}, { deleted: true }), apiPost()), EMPTY_POST_LOCAL],
    ['comments', KINDS.comments.merge(commentRow({}, { deleted: true }), apiComment()), KINDS.comments.emptyLocal()],
    ['notes', KINDS.notes.merge({ ...noteRow(), local: { edit: 'x', deleted: true } }, { ...noteRow(), note: 'new' }), KINDS.notes.emptyLocal()],
    ['lists', KINDS.lists.merge({ ...apiList, local: { ...EMPTY_LIST_LOCAL, deleted: true, itemDelta: 2 } }, apiList), EMPTY_LIST_LOCAL],
    ['listItems', KINDS.listItems.merge(item({}, { pendingPrays: 3, archived: true }), item()), EMPTY_LIST_ITEM_LOCAL],
    ['itemComments', KINDS.itemComments.merge(undefined, itemComment), KINDS.itemComments.emptyLocal()],
    ['itemNotes', KINDS.itemNotes.merge(undefined, itemNote), KINDS.itemNotes.emptyLocal()],
  ];
  it.each(merged)('%s', (_table, row, empty) => {
    expect(row.local).toEqual(empty);
  });

  it.each([
    ['comments', KINDS.comments.merge(undefined, apiComment({ created_at: AT })).createdAtMs],
    ['itemComments', KINDS.itemComments.merge(undefined, itemComment).createdAtMs],
    ['itemNotes', KINDS.itemNotes.merge(undefined, itemNote).createdAtMs],
  ])('%s: its time is indexed', (_table, ms) => {
    expect(ms).toBe(Date.parse(AT));
  });
});
