// The offline order of a prayer session (src/db/session-order.ts) and the /session search
// (src/session/search.ts): pure, as a table. The stored run: session-run-state.test.ts.
import { describe, expect, it } from 'vitest';
import { orderForSession, pendingPrayTimes } from '../../src/db/session-order';
import { parseSessionSearch, sessionRunKey, toSessionSource } from '../../src/session/search';

const items = (spec: string) => spec.split(' ').map((word, index) => ({ id: index + 1, isPrayed: word.endsWith('*') }));
const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe('orderForSession', () => {
  it.each([
    // [items in list order (* = prayed before), server queue, pending (id@time), size, expected ids]
    ['a b c d', undefined, '', 10, [1, 2, 3, 4]],
    ['a* b c* d', undefined, '', 10, [2, 4, 1, 3]],
    ['a* b c* d', [3, 1], '', 10, [3, 1, 2, 4]],
    ['a b c d', undefined, '1@5 2@3', 10, [3, 4, 2, 1]],
    ['a b c d', [1, 2], '1@5', 2, [2, 3]],
    ['a b c', [4, 1], '', 10, [1, 2, 3]],
    ['a b c', undefined, '', 0, []],
  ])('%s, queue %j, pending %s, size %i', (spec, queue, pending, size, expected) => {
    const times = pendingPrayTimes(pending ? pending.split(' ').map((p) => ({ id: Number(p.split('@')[0]), createdAt: Number(p.split('@')[1]) })) : []);
    const ordered = orderForSession(items(spec), queue ? { ids: queue, pulledAt: 0 } : undefined, times, size);
    expect(ids(ordered)).toEqual(expected);
  });

  it('keeps the latest of several pending prayers of one item', () => {
    expect(pendingPrayTimes([{ id: 1, createdAt: 5 }, { id: 1, createdAt: 9 }, { id: 1, createdAt: 2 }]).get(1)).toBe(9);
  });
});

describe('the /session search', () => {
  it.each([
    [{ list: 12 }, { list: 12 }, 'list:12'],
    [{ list: -3 }, { list: -3 }, 'list:-3'],
    [{ source: 'quick' }, { source: 'quick' }, 'quick'],
    [{ list: 'x', source: 'biblical' }, { source: 'biblical' }, 'biblical'],
    [{ list: 0 }, {}, ''],
    [{ source: 'everything' }, {}, ''],
    [{ list: 1.5 }, {}, ''],
    [{ source: 'bookmarks' }, { source: 'bookmarks' }, 'bookmarks'],
    [{ source: 'my-prayers' }, { source: 'my-prayers' }, 'my-prayers'],
  ])('%j -> %j', (raw, parsed, key) => {
    const search = parseSessionSearch(raw);
    expect(search).toEqual(parsed);
    expect(sessionRunKey(search)).toBe(key);
    expect(toSessionSource(search) === null).toBe(key === '');
  });
});
