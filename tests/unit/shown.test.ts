// What screens show (src/db/shown.ts): server values plus this device's unacknowledged intent.
import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../common/contract';
import { selectFeed, toShownPost } from '../../src/db/shown';
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

  it('hides denounced posts and keeps the order', () => {
    expect(ids({})).toEqual([5, 4, 3, 2]);
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
    expect(ids({ search: 'ruth' })).toEqual([5, 4, 3, 2]);
    expect(ids({ search: 'ruth', limit: 2 })).toEqual([5, 4]);
  });
});
