// The prayer notifications of one statement (migration 0020, a statement trigger over the new rows)
// are what the same prayers inserted one statement each leave: per author, post and UTC day, the
// people whose first prayer of that day it was, the last of them, the first time and the latest,
// nobody told of their own prayer or of a deleted post; earlier prayers of the same statement
// make later ones repeats. Two servers from the same seed get the same prayers, one in a single
// INSERT, the other row by row; their notifications must be equal, and a third insert on top of
// each (a notification already there, read) must raise them alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/client';
import { startApi, type Api } from './api';

type Row = { user_id: number; post_id: number; created_at: string };
type Ids = { users: number[]; posts: number[]; own: { user: number; post: number }; deleted: number };

let many: Api;
let one: Api;

const rows = <T>(handle: DbHandle, text: string, params?: unknown[]) => handle.withSession((s) => s.rows<T>(text, params));

/** Seeded members and posts, the same on both servers (the seed's prayers and notifications, made at its own time, gone); one post deleted. */
async function ids(api: Api): Promise<Ids> {
  await rows(api.server.handle, 'DELETE FROM notifications');
  await rows(api.server.handle, 'DELETE FROM prayers');
  const users = (await rows<{ id: number }>(api.server.handle, 'SELECT id FROM users ORDER BY id')).map((r) => r.id);
  const posts = await rows<{ id: number; user_id: number }>(api.server.handle, 'SELECT id, user_id FROM posts ORDER BY id LIMIT 6');
  const [first, ...rest] = posts;
  if (first === undefined || rest.length < 5) throw new Error('the seed has too few posts');
  const deleted = rest[4]?.id ?? 0;
  await rows(api.server.handle, 'UPDATE posts SET deleted_at = now() WHERE id = $1', [deleted]);
  return { users, posts: rest.slice(0, 4).map((p) => p.id), own: { user: first.user_id, post: first.id }, deleted };
}

/** Prayers by several people over several posts and two days, with repeats, an own prayer and a deleted post. */
function prayers(at: Ids, base: number): Row[] {
  const out: Row[] = [];
  const time = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
  at.users.slice(0, 5).forEach((user, u) => {
    at.posts.forEach((post, p) => {
      if ((u + p) % 3 === 0) return;
      out.push({ user_id: user, post_id: post, created_at: time(u + p) });
      if ((u * p) % 2 === 1) out.push({ user_id: user, post_id: post, created_at: time(u + p + 1) });
      if (p === 1) out.push({ user_id: user, post_id: post, created_at: time(30 + u) });
    });
  });
  out.push({ user_id: at.own.user, post_id: at.own.post, created_at: time(2) });
  out.push({ user_id: at.users[1] ?? 0, post_id: at.deleted, created_at: time(3) });
  return out;
}

async function insertAll(api: Api, list: Row[]): Promise<void> {
  await rows(api.server.handle, `INSERT INTO prayers (user_id, post_id, created_at)
    SELECT user_id, post_id, created_at FROM json_to_recordset($1::json) AS v(user_id int, post_id int, created_at timestamptz)`, [JSON.stringify(list)]);
}

async function insertEach(api: Api, list: Row[]): Promise<void> {
  for (const row of list) await rows(api.server.handle, 'INSERT INTO prayers (user_id, post_id, created_at) VALUES ($1, $2, $3)', [row.user_id, row.post_id, row.created_at]);
}

const notifications = (api: Api) => rows<Record<string, unknown>>(api.server.handle, `SELECT user_id, post_id, kind, day::text, actor_count, last_actor_id,
  created_at, updated_at, read_at, push_pending FROM notifications WHERE kind = 'prayed' ORDER BY user_id, post_id, day`);

beforeAll(async () => {
  [many, one] = await Promise.all([startApi(), startApi()]);
});
afterAll(async () => Promise.all([many.close(), one.close()]));

describe('prayer notifications of one statement', () => {
  it('equal those of the same prayers inserted one by one, also on top of notifications already read', async () => {
    const [atMany, atOne] = await Promise.all([ids(many), ids(one)]);
    expect(atMany).toEqual(atOne);
    const base = Date.parse('2026-12-01T20:00:00Z');
    const first = prayers(atMany, base);
    await insertAll(many, first);
    await insertEach(one, first);
    const after = await notifications(many);
    expect(after).toEqual(await notifications(one));
    // It did count: several people on a post, someone last, and nothing for the own or deleted post.
    expect(after.some((row) => Number(row.actor_count) > 1)).toBe(true);
    expect(after.some((row) => row.post_id === atMany.own.post || row.post_id === atMany.deleted)).toBe(false);

    for (const api of [many, one]) await rows(api.server.handle, "UPDATE notifications SET read_at = '2026-12-05T00:00:00Z'");
    const second = prayers(atMany, base + 26 * 3_600_000).reverse();
    await insertAll(many, second);
    await insertEach(one, second);
    const again = await notifications(many);
    expect(again).toEqual(await notifications(one));
    expect(again.filter((row) => row.read_at === null).length).toBeGreaterThan(0);
  });
});
