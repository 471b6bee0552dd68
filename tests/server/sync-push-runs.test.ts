// POST sync/push applies a run of prays as a set (issue #25 point 2, server/domain/pray-run.ts):
// every entry is answered exactly as its single call would be, each key applied once, and the
// rows, counters and notifications end as the single calls leave them. Two servers built the same
// way: one gets the 1,000 prays in pushes of 100, the other one single call at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../common/contract';
import { SYNC_PUSH_MAX_MUTATIONS, type PushMutation, type PushResult } from '../../common/sync-contract';
import { startApi, type Api, type CallResult } from './api';
import { newRequest } from './post-actors';
import { pushOk, single } from './sync-support';

const ENGINE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PRAYS = 1_000;

type World = { api: Api; prayer: string; author: string; posts: number[]; deleted: number; hidden: number };

/** The same people and posts on a fresh server: ids come out the same on both. */
async function world(): Promise<World> {
  const api = await startApi();
  const prayer = (await api.register('Praying Pat')).authorization.token;
  const author = (await api.register('Author Alex')).authorization.token;
  const posts: number[] = [];
  for (let i = 0; i < 4; i += 1) posts.push((await newRequest(api, author, `Run request ${String(i)}`)).id);
  const own = (await newRequest(api, prayer, 'My own request')).id;
  posts.push(own);
  const deleted = (await newRequest(api, author, 'Deleted before the prays')).id;
  expect((await api.call('DELETE', `post/${String(deleted)}`, { token: author })).status).toBeLessThan(300);
  const hidden = (await newRequest(api, author, 'Hidden by reports')).id;
  await api.server.handle.withSession((s) => s.rows('UPDATE posts SET visibility = $1 WHERE id = $2', [VISIBILITY.DENOUNCED, hidden]));
  return { api, prayer, author, posts, deleted, hidden };
}

/** 1,000 prays: mostly new keys over the posts, with repeated keys, a deleted and a hidden post, a bad id. */
function mutations(w: World): PushMutation[] {
  const list: PushMutation[] = [];
  for (let i = 0; i < PRAYS; i += 1) {
    const key = i % 97 === 5 && i > 100 ? `run-${String(i - 100)}` : i % 50 === 7 ? `run-${String(i - 1)}` : `run-${String(i)}`;
    const target = i % 61 === 3 ? String(w.deleted) : i % 73 === 4 ? String(w.hidden) : i === 500 ? 'abc' : String(w.posts[(i * 7) % w.posts.length]);
    // A repeated key with a different post is refused as a reused key; with the same one, replayed.
    list.push({ key, method: 'POST', path: `post/${target}/pray` });
  }
  return list;
}

/** An answer without what differs between two servers built apart: timestamps, usernames' random suffixes. */
function comparable(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (name, value: unknown) => {
    if (typeof value !== 'string') return value;
    if (/_at$/.test(name)) return 'time';
    return name === 'username' ? value.replace(/\.[0-9a-f]+$/, '') : value;
  });
}

async function state(w: World) {
  const rows = <T>(text: string, params: unknown[] = []) => w.api.server.handle.withSession((s) => s.rows<T>(text, params));
  return {
    counts: await rows('SELECT id, prayed_count FROM posts WHERE id = ANY($1) ORDER BY id', [[...w.posts, w.deleted, w.hidden]]),
    prayers: await rows('SELECT post_id, count(*)::int AS n FROM prayers WHERE post_id = ANY($1) GROUP BY post_id ORDER BY post_id', [[...w.posts, w.deleted, w.hidden]]),
    keys: await rows('SELECT key, status_code FROM idempotency_keys WHERE key LIKE $1 ORDER BY key', ['run-%']),
    notifications: await rows("SELECT post_id, kind, actor_count FROM notifications WHERE kind = 'prayed' ORDER BY post_id"),
  };
}

let pushed: World;
let singles: World;
beforeAll(async () => {
  [pushed, singles] = await Promise.all([world(), world()]);
  expect(pushed.posts).toEqual(singles.posts);
}, 60_000);
afterAll(async () => {
  await Promise.all([pushed.api.close(), singles.api.close()]);
});

describe(`prays applied as a set on ${ENGINE}`, () => {
  it('answers 1,000 prays entry by entry as their single calls, and leaves the same rows, counts and notifications', { timeout: 120_000 }, async () => {
    const batch = mutations(pushed);
    const results: PushResult[] = [];
    for (let start = 0; start < batch.length; start += SYNC_PUSH_MAX_MUTATIONS) {
      results.push(...(await pushOk(pushed.api, pushed.prayer, batch.slice(start, start + SYNC_PUSH_MAX_MUTATIONS))));
    }
    const alone: CallResult[] = [];
    for (const mutation of mutations(singles)) alone.push(await single(singles.api, singles.prayer, mutation));

    const statuses = new Map<number, number>();
    results.forEach((result, i) => {
      const one = alone[i];
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      expect({ i, status: result.status, replayed: result.replayed, body: comparable(result.body) }).toEqual({
        i, status: one?.status, replayed: one?.headers.get('idempotent-replayed') === 'true', body: comparable(one?.json),
      });
    });
    // The mix is what the test says it is: applied prays, replays, refusals of each kind.
    expect(statuses.get(200)).toBeGreaterThan(900);
    expect(statuses.get(404)).toBeGreaterThanOrEqual(20);
    expect(statuses.get(422)).toBeGreaterThanOrEqual(1);
    expect(results.filter((r) => r.replayed).length).toBeGreaterThanOrEqual(5);
    expect(await state(pushed)).toEqual(await state(singles));
  });

  it('pushes over the same posts at once keep the counts exact, each key applied once', { timeout: 60_000 }, async () => {
    const api = pushed.api;
    const [first, second] = [pushed.prayer, (await api.register('Second Sam')).authorization.token];
    const before = await state(pushed);
    const sumOf = (counts: unknown) => (counts as { prayed_count: number }[]).reduce((sum, row) => sum + row.prayed_count, 0);
    const batchOf = (who: string, round: number) =>
      Array.from({ length: SYNC_PUSH_MAX_MUTATIONS }, (_, i): PushMutation => ({ key: `same-${who}-${String(round)}-${String(i)}`, method: 'POST', path: `post/${String(pushed.posts[i % 3])}/pray` }));
    const rounds = [0, 1, 2];
    // Each push twice at once: the second of a pair replays the first, whichever commits first.
    const answers = await Promise.all(rounds.flatMap((round) => [first, second].flatMap((token, who) => {
      const batch = batchOf(String(who), round);
      return [pushOk(api, token, batch), pushOk(api, token, batch)];
    })));
    for (const pair of [0, 2, 4, 6, 8, 10]) {
      const [a, b] = [answers[pair], answers[pair + 1]];
      expect(a?.map((r) => [r.status, comparable(r.body)])).toEqual(b?.map((r) => [r.status, comparable(r.body)]));
      expect(a?.every((r, i) => r.replayed !== b?.[i]?.replayed || r.status !== 200)).toBe(true);
    }
    const after = await state(pushed);
    expect(sumOf(after.counts) - sumOf(before.counts)).toBe(rounds.length * 2 * SYNC_PUSH_MAX_MUTATIONS);
  });

  it("raises each post's counter once for a whole run, not once a pray", async () => {
    const api = singles.api;
    const rows = <T>(text: string) => api.server.handle.withSession((session) => session.rows<T>(text));
    // A row-level trigger of the test's own counts the post rows updated.
    await api.server.handle.withSession((session) => session.exec(`CREATE TABLE test_post_updates (id integer);
      CREATE FUNCTION test_count_post_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO test_post_updates VALUES (NEW.id); RETURN NULL; END $$;
      CREATE TRIGGER test_count_post_update AFTER UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION test_count_post_update()`));
    const batch = Array.from({ length: SYNC_PUSH_MAX_MUTATIONS }, (_, i): PushMutation => ({ key: `once-${String(i)}`, method: 'POST', path: `post/${String(singles.posts[i % 3])}/pray` }));
    const results = await pushOk(api, singles.prayer, batch);
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(await rows<{ id: number; n: number }>('SELECT id, count(*)::int AS n FROM test_post_updates GROUP BY id ORDER BY id')).toEqual(
      singles.posts.slice(0, 3).map((id) => ({ id, n: 1 })),
    );
  });
});
