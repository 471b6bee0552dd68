// The offline order of a prayer session (src/db/session-order.ts), a stored run's parser and the
// /session search (src/routes/-session-run.ts, -session-search.ts): pure, as a table.
import { describe, expect, it } from 'vitest';
import { orderForSession, pendingPrayTimes } from '../../src/db/session-order';
import { parseRun } from '../../src/routes/-session-run';
import { parseSessionSearch, sessionRunKey, toSessionSource } from '../../src/routes/-session-search';

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

describe('a stored session run', () => {
  const entry = { type: 'item', id: 7, title: null, text: 'Pray', reference: null, author: null };
  const run = { entries: [entry, { ...entry, id: 8 }], position: 1, prayed: [0], startedAt: 100, finished: null };

  it('is read back as written, the position kept inside the entries', () => {
    expect(parseRun(JSON.stringify(run))).toEqual(run);
    expect(parseRun(JSON.stringify({ ...run, position: 9 }))?.position).toBe(1);
  });

  it.each([null, '', '{', '[]', JSON.stringify({ ...run, entries: [] }), JSON.stringify({ ...run, entries: [{ ...entry, type: 'x' }] }), JSON.stringify({ ...run, prayed: ['0'] })])(
    'is dropped when not of its shape: %s',
    (raw) => {
      expect(parseRun(raw)).toBeNull();
    },
  );
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
  ])('%j -> %j', (raw, parsed, key) => {
    const search = parseSessionSearch(raw);
    expect(search).toEqual(parsed);
    expect(sessionRunKey(search)).toBe(key);
    expect(toSessionSource(search) === null).toBe(key === '');
  });
});
