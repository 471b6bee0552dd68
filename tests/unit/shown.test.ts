// What screens show (src/model/shown.ts): server values plus this device's unacknowledged intent.
import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../common/contract';
import { feedAtMs, loadMoreCursor, selectFeed, toShownPost } from '../../src/model/shown';
import { postRow } from './fixtures';

describe('toShownPost', () => {
  it.each([
    // [case, server count, server isPrayed, pending prays, shown count, shown isPrayed]
    ['no local intent', 5, false, 0, 5, false],
    ['one unacknowledged pray', 5, false, 1, 6, true],
    ['two unacknowledged prays', 5, true, 2, 7, true],
    ['already prayed on the server', 5, true, 0, 5, true],
  ])('%s', (_case, count, isPrayed, pending, shownCount, shownIsPrayed) => {
    const shown = toShownPost(postRow({ prayedCount: count, isPrayed }, { pendingPrays: pending }));
    expect(shown.shownPrayedCount).toBe(shownCount);
    expect(shown.prayedCount).toBe(count);
    expect(shown.isPrayed).toBe(shownIsPrayed);
    expect(shown.isPending).toBe(pending > 0);
  });

  it.each([
    [false, null, false],
    [false, true, true],
    [true, false, false],
    [true, null, true],
  ])('server bookmark %s with local choice %s shows %s', (server, local, shown) => {
    expect(toShownPost(postRow({ is_bookmarked: server }, { bookmarked: local })).is_bookmarked).toBe(shown);
  });

  it('marks offline-created posts', () => {
    expect(toShownPost(postRow({ id: -1 })).isLocalOnly).toBe(true);
    expect(toShownPost(postRow({ id: 1 })).isLocalOnly).toBe(false);
  });
});

describe('selectFeed', () => {
  const rows = [
    postRow({ id: 5, type: 'REQUEST', text: 'Healing for Anna' }),
    postRow({ id: 4, type: 'THANK', text: 'Thank you all' }),
    postRow({ id: 3, type: 'REQUEST', atendido: true, answer_text: 'She is well', updated_answer_at: '2025-03-01T00:00:00Z' }),
    postRow({ id: 2, type: 'REQUEST', text: 'Work' }, { pendingPrays: 1, bookmarked: true }),
    postRow({ id: 1, type: 'REQUEST', visibility: VISIBILITY.DENOUNCED }),
  ];
  const ids = (filter: Parameters<typeof selectFeed>[1]) => selectFeed(rows, filter).map((p) => p.id);

  it('hides denounced posts and keeps the order, an answered post at the top (docs/product.md §4)', () => {
    expect(ids({})).toEqual([3, 5, 4, 2]);
  });

  it.each([
    ['REQUEST', [5, 2]],
    ['THANK', [4]],
    ['ANSWERED', [3]],
    ['ANSWER', [3]],
    ['PRAYED_BY_USER', [2]],
    ['BOOKMARKED', [2]],
  ] as const)('type %s', (type, expected) => {
    expect(ids({ type })).toEqual(expected);
  });

  it('searches text, answer and author, case-insensitively', () => {
    expect(ids({ search: 'anna' })).toEqual([5]);
    expect(ids({ search: 'WELL' })).toEqual([3]);
    expect(ids({ search: 'ruth' })).toEqual([3, 5, 4, 2]);
    expect(ids({ search: 'ruth', limit: 2 })).toEqual([3, 5]);
  });
});

describe('feedAtMs (docs/product.md §4: an answered post re-added at the top)', () => {
  const at = (hour: number) => `2025-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
  it.each([
    // [case, created hour, answered, answer hour, key hour]
    ['not answered: its creation', 10, false, null, 10],
    ['answered later: its answer', 10, true, 15, 15],
    ['answered flag without a time: its creation', 10, true, null, 10],
    ['an answer time left over on an unanswered post is ignored', 10, false, 15, 10],
  ] as const)('%s', (_case, created, atendido, answered, key) => {
    const row = postRow({ created_at: at(created), atendido, updated_answer_at: answered === null ? null : at(answered) });
    expect(feedAtMs(row)).toBe(Date.parse(at(key)));
  });

  it('shows pending counts of comments and notes on top of the server’s', () => {
    const shown = toShownPost(postRow({ commentCount: 4, noteCount: 1 }, { commentDelta: 1, noteDelta: -1 }));
    expect(shown).toMatchObject({ commentCount: 4, shownCommentCount: 5, noteCount: 1, shownNoteCount: 0, isPending: true });
  });
});

describe('loadMoreCursor', () => {
  it('is the oldest server post by creation, whatever the order shown', () => {
    const posts = [
      toShownPost(postRow({ id: 3, created_at: '2025-01-01T09:00:00.000Z', atendido: true, updated_answer_at: '2025-01-02T00:00:00.000Z' })),
      toShownPost(postRow({ id: 5, created_at: '2025-01-01T12:00:00.000Z' })),
      toShownPost(postRow({ id: -2, created_at: '2025-01-01T08:00:00.000Z' })),
    ];
    expect(loadMoreCursor(posts)).toBe(3);
    expect(loadMoreCursor([])).toBeUndefined();
  });
});
