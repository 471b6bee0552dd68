// The pure part of the rebase (src/model/rebase.ts rebasePlan) as a table.
import { describe, expect, it } from 'vitest';
import type { RowRef } from '../../src/model/types';
import { rebasePlan } from '../../src/model/rebase';

describe('rebasePlan', () => {
  const post = (id: number): RowRef => ({ table: 'posts', id });

  it('re-applies, in order, only the entries touching the seed rows', () => {
    const pending = [
      { entry: 'pray 1', rows: [post(1)] },
      { entry: 'pray 2', rows: [post(2)] },
      { entry: 'bookmark 1', rows: [post(1)] },
    ];
    expect(rebasePlan([post(1)], pending)).toEqual({ reset: [post(1)], reapply: ['pray 1', 'bookmark 1'] });
  });

  it('resets every row an entry touches, so a two-row effect is not counted twice', () => {
    const pending = [
      { entry: 'a', rows: [post(1), post(3)] },
      { entry: 'b', rows: [post(3)] },
    ];
    const plan = rebasePlan([post(1)], pending);
    expect(plan.reset).toEqual([post(1), post(3)]);
    expect(plan.reapply).toEqual(['a', 'b']);
  });

  it('with nothing pending, only resets', () => {
    expect(rebasePlan([post(4)], [])).toEqual({ reset: [post(4)], reapply: [] });
  });
});
