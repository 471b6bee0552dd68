// docs/product.md §4 feed collapsing (src/db/feed-collapse.ts) as a table: each row is an ordered feed
// (newest first) and what it shows once collapsed. Posts are written "<author><type>@<hour>";
// author 'me' is the viewer, 'anon' an anonymous post; type R = REQUEST, T = THANK. A shown
// group is "<first post>+<folded count>".
import { describe, expect, it } from 'vitest';
import { collapseFeed } from '../../src/db/feed-collapse';
import { toShownPost, type ShownPost } from '../../src/model/shown';
import { postRow } from './fixtures';

const VIEWER = 7;
const USERS: Record<string, number> = { me: VIEWER, ana: 11, ben: 12 };

function post(spec: string, id: number): ShownPost {
  const match = /^(\w+?)([RT])@(\d+(?:\.\d+)?)$/.exec(spec);
  if (!match) throw new Error(`bad spec ${spec}`);
  const [, author = '', kind, hour = '0'] = match;
  const isAnonymous = author === 'anon';
  const userId = isAnonymous ? null : (USERS[author] ?? 99);
  const createdAtMs = Date.parse('2025-01-10T00:00:00.000Z') + Number(hour) * 3_600_000;
  return toShownPost({
    ...postRow({
      id,
      user_id: userId,
      is_anonymous: isAnonymous,
      is_mine: author === 'me',
      type: kind === 'T' ? 'THANK' : 'REQUEST',
      created_at: new Date(createdAtMs).toISOString(),
    }),
  });
}

/** The feed as specs (newest first), collapsed, written back as specs. */
function collapsed(specs: string[], filter = {}): string[] {
  const posts = specs.map((spec, i) => post(spec, i + 1));
  return collapseFeed(posts, VIEWER, filter).map((item) => {
    const spec = specs[item.id - 1] ?? '?';
    return item.collapsed === 0 ? spec : `${spec}+${item.collapsed}`;
  });
}

describe('collapseFeed', () => {
  it.each([
    // [case, feed newest first, shown]
    ['same other user, same type, close together: one', ['anaR@20', 'anaR@18', 'anaR@10'], ['anaR@20+2']],
    ['12 h apart exactly is apart', ['anaR@20', 'anaR@8'], ['anaR@20', 'anaR@8']],
    ['just under 12 h folds', ['anaR@20', 'anaR@8.01'], ['anaR@20+1']],
    ['the window runs from the newest of the group', ['anaR@20', 'anaR@12', 'anaR@6'], ['anaR@20+1', 'anaR@6']],
    ['different types stay apart', ['anaR@20', 'anaT@19'], ['anaR@20', 'anaT@19']],
    ['different users stay apart', ['anaR@20', 'benR@19'], ['anaR@20', 'benR@19']],
    ['others in between do not stop the fold', ['anaR@20', 'benR@19', 'anaR@18'], ['anaR@20+1', 'benR@19']],
    ['own posts never fold', ['meR@20', 'meR@19', 'meR@18'], ['meR@20', 'meR@19', 'meR@18']],
    ['anonymous posts never fold', ['anonR@20', 'anonR@19'], ['anonR@20', 'anonR@19']],
    ['an anonymous post is not folded into its author', ['anaR@20', 'anonR@19', 'anaR@18'], ['anaR@20+1', 'anonR@19']],
    ['empty feed', [], []],
  ])('%s', (_case, feed, shown) => {
    expect(collapsed(feed)).toEqual(shown);
  });

  it.each([
    ['a type filter', { type: 'REQUEST' as const }],
    ['a search', { search: 'mother' }],
  ])('with %s nothing folds', (_case, filter) => {
    expect(collapsed(['anaR@20', 'anaR@19'], filter)).toEqual(['anaR@20', 'anaR@19']);
  });

  it('a blank search is no filter', () => {
    expect(collapsed(['anaR@20', 'anaR@19'], { search: '  ' })).toEqual(['anaR@20+1']);
  });

  it('keeps the folded posts, in feed order, for unfolding', () => {
    const posts = ['anaR@20', 'benR@19', 'anaR@18', 'anaR@17'].map((spec, i) => post(spec, i + 1));
    const [group] = collapseFeed(posts, VIEWER);
    expect(group?.collapsedPosts.map((p) => p.id)).toEqual([3, 4]);
  });

  it("a post of the viewer's own id is own even when is_mine is not set", () => {
    const posts = [post('anaR@20', 1), post('anaR@19', 2)];
    expect(collapseFeed(posts, USERS.ana ?? 0).map((p) => p.collapsed)).toEqual([0, 0]);
  });
});
