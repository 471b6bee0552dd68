// Issue #48 point 5: a poke never tells a non-member anything about a group (docs/product.md §11).
// One group with a cast in every role (groups-support.ts) plus a member the admin removed, each
// holding a stream: a group post's new_posts, counts and pulls reach its live members only; the
// non-member, the guest, the former and the removed member get nothing at all, while a community
// post reaches them (their streams work). An anonymous caller cannot open a stream (live.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, Envelope } from '../../common/contract';
import type { PostResponse } from '../../common/contract';
import { ok, useApi } from './api';
import { castGroup, join, person, type Cast } from './groups-support';
import { liveStream, settle, type Frame, type LiveClient } from './live-support';

const INSIDERS = ['member', 'moderator', 'admin'] as const;
const OUTSIDERS = ['nonMember', 'guest', 'former', 'removed'] as const;
type Watcher = (typeof INSIDERS)[number] | (typeof OUTSIDERS)[number];

const api = useApi();
let cast: Cast;
let removedToken: string;
const streams = new Map<Watcher, LiveClient>();
const seen = new Map<Watcher, number>();

beforeAll(async () => {
  cast = await castGroup(api);
  const removed = await person(api, 'Rex Removed');
  await join(api, removed.token, cast.group.invite?.code ?? '');
  ok(await api.call('DELETE', `group/${cast.group.id}/member/${String(removed.id)}`, { token: cast.tokens.admin }));
  removedToken = removed.token;
  for (const role of [...INSIDERS, ...OUTSIDERS]) {
    const token = role === 'removed' ? removedToken : cast.tokens[role] ?? '';
    streams.set(role, await liveStream(api.server.url, token));
  }
  await settle();
}, 60_000);
afterAll(() => {
  for (const stream of streams.values()) stream.close();
});

function stream(role: Watcher): LiveClient {
  const s = streams.get(role);
  if (s === undefined) throw new Error(`no stream for ${role}`);
  return s;
}

/** The frames a role received since the last call (pings aside). */
function fresh(role: Watcher): Frame[] {
  const all = stream(role).frames;
  const from = seen.get(role) ?? 0;
  seen.set(role, all.length);
  return all.slice(from).filter((f) => f.event !== 'ping');
}

function forgetUntilNow(): void {
  for (const role of [...INSIDERS, ...OUTSIDERS]) {
    fresh(role);
    stream(role).skip();
  }
}

async function groupPost(text: string): Promise<ApiPost> {
  return api.createPost(cast.tokens.admin ?? '', { text, type: 'REQUEST', group_id: cast.group.id });
}

describe('live pokes of a group post reach its live members only', () => {
  it('a new group post: new_posts to members, a pull to its author, nothing to outsiders', async () => {
    forgetUntilNow();
    const post = await groupPost('Pray for our group meeting.');
    for (const role of ['member', 'moderator'] as const) {
      expect((await stream(role).poke((p) => p.new_posts !== undefined)).new_posts).toEqual([post.id]);
    }
    await stream('admin').poke((p) => p.pull !== undefined);
    await settle();
    for (const role of OUTSIDERS) expect(fresh(role), role).toEqual([]);
  });

  it('a pray and a comment on it: counts to members, nothing to outsiders', async () => {
    const post = await groupPost('Pray for the group retreat.');
    await settle();
    forgetUntilNow();
    ok(await api.call('POST', `post/${post.id}/pray`, { token: cast.tokens.member }));
    for (const role of INSIDERS) await stream(role).poke((p) => p.counts?.some(([id, n]) => id === post.id && n === 1) === true);
    ok(await api.call('POST', `post/${post.id}/comment`, { token: cast.tokens.moderator, body: { comment: 'With you all.' } }), 201);
    for (const role of INSIDERS) await stream(role).poke((p) => p.counts?.some(([id, , m]) => id === post.id && m === 1) === true);
    await settle();
    for (const role of OUTSIDERS) expect(fresh(role), role).toEqual([]);
  });

  it('an edit, an update and a delete: a pull to members, nothing to outsiders', async () => {
    const post = await groupPost('Pray for the group budget.');
    await settle();
    forgetUntilNow();
    ok(await api.call<Envelope<PostResponse>>('PUT', `post/${post.id}`, { token: cast.tokens.admin, body: { text: 'Pray for the group budget, please.' } }));
    for (const role of INSIDERS) await stream(role).poke((p) => p.pull !== undefined);
    ok(await api.call('POST', `post/${post.id}/update`, { token: cast.tokens.admin, body: { text: 'It was approved.' } }), 201);
    ok(await api.call('DELETE', `post/${post.id}`, { token: cast.tokens.admin }));
    await settle();
    for (const role of OUTSIDERS) expect(fresh(role), role).toEqual([]);
  });

  it('a community post reaches the outsiders too (their streams work)', async () => {
    forgetUntilNow();
    const post = await api.createPost(cast.tokens.member ?? '', { text: 'Pray for our town.', type: 'REQUEST' });
    for (const role of ['nonMember', 'guest', 'former', 'removed', 'moderator', 'admin'] as const) {
      expect((await stream(role).poke((p) => p.new_posts !== undefined)).new_posts, role).toEqual([post.id]);
    }
  });

  it('a member removed: a pull to them (their groups changed) and to the live members, nothing to outsiders', async () => {
    forgetUntilNow();
    ok(await api.call('DELETE', `group/${cast.group.id}/member/${String(cast.ids.member)}`, { token: cast.tokens.admin }));
    expect((await stream('member').poke((p) => p.pull !== undefined)).pull).toBe(0);
    for (const role of ['moderator', 'admin'] as const) await stream(role).poke((p) => p.pull !== undefined);
    await settle();
    for (const role of OUTSIDERS) expect(fresh(role), role).toEqual([]);
    // From now on the removed member hears nothing of the group's posts.
    await settle();
    forgetUntilNow();
    await groupPost('Pray for the ones who stayed.');
    await stream('moderator').poke((p) => p.new_posts !== undefined);
    await settle();
    expect(fresh('member')).toEqual([]);
  });
});
