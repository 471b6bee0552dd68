// What the scale bench asks of one database: the routes (docs/api.md; server/routes/), for the
// typical member and the busy-group member, with the ids, cursors and tokens of that database.
// Everything is read or made before the first measurement, so both databases are asked the same.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Envelope, PostPage } from '../../common/contract';
import type { SyncPull } from '../../common/sync-contract';
import { API_PREFIX } from '../../server/app';
import { hashToken } from '../../server/domain/tokens';
import type { SeededDb } from './seed';
import { COMMON_WORD, RARE_WORD } from './seed-sql';

export type Member = 'typical' | 'busy';
export type Target = {
  /** Same in both databases: how their figures are matched. */
  key: string;
  route: string;
  shape: string;
  member: Member;
  path: string;
  push?: { postIds: number[]; prays: number };
};
export type Prepared = { targets: Target[]; tokens: Record<Member, string>; returningPoll: Record<Member, string> };

export const PUSH_PRAYS = 100;
const FEED_PAGE = 50;

async function get<T>(base: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${base}${API_PREFIX}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return (await response.json() as Envelope<T>).data;
}

async function issueToken(client: pg.Client, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.query(`INSERT INTO auth_tokens (user_id, token_hash, expires_at, refresh_until)
    VALUES ($1, $2, now() + interval '30 days', now() + interval '365 days')`, [userId, hashToken(token)]);
  return token;
}

/**
 * The loadMore cursor of page `page` of GET posts, walked as a client pages: page by page. A feed
 * shorter than that (a small BENCH_SCALE) gives its last full page's, and says so.
 */
async function cursorOfPage(base: string, token: string, page: number): Promise<number> {
  let cursor: number | undefined;
  for (let n = 1; n < page; n += 1) {
    const found = await get<PostPage>(base, cursor === undefined ? 'posts' : `posts?loadMore=${cursor}`, token);
    const last = found.data.at(-1);
    if (last === undefined || found.data.length < 20) {
      console.warn(`(the feed ends on page ${n}: 'feed page ${page}' asks page ${n - 1}'s next)`);
      break;
    }
    cursor = last.id;
  }
  if (cursor === undefined) throw new Error('no cursor');
  return cursor;
}

/** Others pray, post and comment (as the server writes it: one transaction each, triggers on). */
async function changeThings(client: pg.Client, seeded: SeededDb): Promise<void> {
  const others = `(SELECT id FROM users WHERE channel_id = 1 AND id > ${seeded.offsets.users0} AND id NOT IN (${seeded.busyMember}, ${seeded.typicalMember}) ORDER BY id LIMIT 30)`;
  await client.query(`WITH recent AS (SELECT id FROM posts WHERE channel_id = 1 AND group_id IS NULL AND deleted_at IS NULL AND visibility = 0 ORDER BY created_at DESC LIMIT 30),
    prayed AS (INSERT INTO prayers (user_id, post_id) SELECT o.id, r.id FROM recent r CROSS JOIN LATERAL (SELECT id FROM ${others} x ORDER BY random() LIMIT 1) o RETURNING post_id)
    UPDATE posts p SET prayed_count = p.prayed_count + n.n FROM (SELECT post_id, count(*)::int AS n FROM prayed GROUP BY post_id) n WHERE p.id = n.post_id`);
  await client.query(`INSERT INTO posts (user_id, channel_id, type, text) SELECT id, 1, 'REQUEST', 'A new request after the cursor (' || id || ').' FROM ${others} o LIMIT 5`);
  for (const member of [seeded.typicalMember, seeded.busyMember]) {
    await client.query(`WITH mine AS (SELECT id FROM posts WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1),
      added AS (INSERT INTO comments (user_id, post_id, text) SELECT (SELECT min(id) FROM ${others} o), id, 'Praying for this now.' FROM mine RETURNING post_id)
      UPDATE posts p SET comment_count = p.comment_count + 1 FROM added WHERE p.id = added.post_id`, [member]);
  }
}

/** Others post and pray on others' posts: the channel moves, nothing of either member does. */
async function changeChannel(client: pg.Client, seeded: SeededDb): Promise<void> {
  const others = `(SELECT id FROM users WHERE channel_id = 1 AND id > ${seeded.offsets.users0} AND id NOT IN (${seeded.busyMember}, ${seeded.typicalMember}) ORDER BY id LIMIT 30)`;
  await client.query(`INSERT INTO posts (user_id, channel_id, type, text) SELECT id, 1, 'REQUEST', 'Another request of the channel (' || id || ').' FROM ${others} o LIMIT 5`);
  await client.query(`WITH recent AS (SELECT id, user_id FROM posts WHERE channel_id = 1 AND group_id IS NULL AND deleted_at IS NULL AND visibility = 0
      AND user_id NOT IN (${seeded.busyMember}, ${seeded.typicalMember}) ORDER BY created_at DESC LIMIT 10),
    prayed AS (INSERT INTO prayers (user_id, post_id) SELECT (SELECT max(id) FROM ${others} o), id FROM recent RETURNING post_id)
    UPDATE posts p SET prayed_count = p.prayed_count + 1 FROM prayed WHERE p.id = prayed.post_id`);
}

function pull(cursor: string, since: string): string {
  return `sync/pull?cursor=${encodeURIComponent(cursor)}&since=${encodeURIComponent(since)}`;
}

export async function prepareTargets(base: string, url: string, seeded: SeededDb): Promise<Prepared> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tokens: Record<Member, string> = { typical: await issueToken(client, seeded.typicalMember), busy: await issueToken(client, seeded.busyMember) };
    const { rows: [post] } = await client.query<{ id: number }>(`SELECT id FROM posts
      WHERE channel_id = 1 AND group_id IS NULL AND deleted_at IS NULL AND archived_at IS NULL AND visibility = 0
      ORDER BY comment_count DESC, prayed_count DESC, id DESC LIMIT 1`);
    if (post === undefined) throw new Error('no post');
    const { rows: pushPosts } = await client.query<{ id: number }>(`SELECT id FROM posts
      WHERE channel_id = 1 AND group_id IS NULL AND deleted_at IS NULL AND archived_at IS NULL AND visibility = 0
      ORDER BY created_at DESC LIMIT ${PUSH_PRAYS}`);
    const members: { member: Member; group: number; groupShape: string }[] = [
      { member: 'typical', group: seeded.typicalGroup, groupShape: 'one of their groups' },
      { member: 'busy', group: seeded.busyGroup, groupShape: 'the busy group' },
    ];
    const state = new Map<Member, { page50: number; since: string; before: string }>();
    for (const { member } of members) {
      const token = tokens[member];
      const first = await get<PostPage>(base, 'posts', token);
      const since = first.data[0]?.created_at ?? new Date().toISOString();
      const before = (await get<SyncPull>(base, `sync/pull?since=${encodeURIComponent(since)}`, token)).cursor;
      state.set(member, { page50: await cursorOfPage(base, token, FEED_PAGE), since, before });
    }
    await changeThings(client, seeded);
    // The cursors of a pull after those changes, then after the channel's alone, whose next pull has nothing new.
    const caughtUp = new Map<Member, string>();
    for (const { member } of members) {
      const s = state.get(member);
      if (s === undefined) throw new Error('no state');
      caughtUp.set(member, (await get<SyncPull>(base, pull(s.before, s.since), tokens[member])).cursor);
    }
    await changeChannel(client, seeded);
    const targets: Target[] = [];
    const returningPoll = { typical: '', busy: '' };
    for (const { member, group, groupShape } of members) {
      const s = state.get(member);
      const mid = caughtUp.get(member);
      if (s === undefined || mid === undefined) throw new Error('no state');
      const now = (await get<SyncPull>(base, pull(mid, s.since), tokens[member])).cursor;
      returningPoll[member] = pull(now, s.since);
      const add = (route: string, shape: string, path: string, push?: Target['push']) =>
        targets.push({ key: `${route} ${shape} ${member}`, route, shape, member, path, ...(push === undefined ? {} : { push }) });
      add('GET posts', 'feed page 1', 'posts');
      add('GET posts', `feed page ${FEED_PAGE} (loadMore)`, `posts?loadMore=${s.page50}`);
      add('GET posts', 'type=THANK', 'posts?type=THANK');
      add('GET posts', `search common '${COMMON_WORD}'`, `posts?search=${COMMON_WORD}`);
      add('GET posts', `search rare '${RARE_WORD}'`, `posts?search=${RARE_WORD}`);
      add('GET group/{id}/posts', groupShape, `group/${group}/posts`);
      add('GET notifications', 'page 1', 'notifications');
      add('GET sync/pull', 'new device (full=1)', 'sync/pull?full=1');
      add('GET sync/pull', 'returning, nothing new', returningPoll[member]);
      add('GET sync/pull', 'after changes', pull(s.before, s.since));
      add('GET sync/pull', 'after the channel\'s changes', pull(mid, s.since));
      add('GET list/community', 'most prayed, page 1', 'list/community');
      add('GET post/{id}', 'most commented post', `post/${post.id}`);
      add('GET post/{id}/comments', 'its page 1', `post/${post.id}/comments`);
      add('POST sync/push', `${PUSH_PRAYS} prays`, 'sync/push', { postIds: pushPosts.map((p) => p.id), prays: PUSH_PRAYS });
    }
    return { targets, tokens, returningPoll };
  } finally {
    await client.end();
  }
}
