// Bulk data for the prayer groups' scale (issue #28 item 7): a church's group of 2,000 members and
// 20,000 posts, and four small groups of 50 members and 1,000 posts, all in channel 1, with one
// seeded member (`member`) in all five. Set-based INSERTs over generate_series, as bench/feed-seed.ts.
// The group posts span the same time as the channel's community posts (the newest first), so a
// community page of someone outside the groups has ~20 group posts to pass over for each of its own:
// a group far busier than the public feed, the case a feed that filters group posts pays for.
import type { SqlSession } from '../server/db/client';

export type GroupBenchSeed = { member: string; bigMembers: number; bigPosts: number; smallGroups: number; smallMembers: number; smallPosts: number };

export const GROUP_BENCH: Omit<GroupBenchSeed, 'member'> = { bigMembers: 2_000, bigPosts: 20_000, smallGroups: 4, smallMembers: 50, smallPosts: 1_000 };

/** Runs after seedFeedBench (its community posts set the time span). Returns the big group's id. */
export async function seedGroupBench(session: SqlSession, seed: GroupBenchSeed): Promise<number> {
  const member = `(SELECT id FROM users WHERE email = '${seed.member.replaceAll("'", "''")}')`;
  await session.exec(`
    INSERT INTO users (name, username, email, channel_id, language, created_at)
    SELECT 'Group Member ' || g, 'group_member_' || g, 'group' || g || '@bench.local', 1, 'en-US', now() - interval '800 days'
    FROM generate_series(1, ${seed.bigMembers}) AS g`);
  await session.exec(`
    INSERT INTO prayer_groups (channel_id, name, description, created_by)
    SELECT 1, CASE WHEN g = 0 THEN 'Our church' ELSE 'Small group ' || g END, 'Bench group', ${member}
    FROM generate_series(0, ${seed.smallGroups}) AS g ORDER BY g`);
  const groups = await session.rows<{ id: number }>(`SELECT id FROM prayer_groups WHERE description = 'Bench group' ORDER BY id`);
  const [big, ...small] = groups.map((row) => row.id);
  if (big === undefined) throw new Error('no bench group');
  // The member is every group's admin; the big group has every group member, each small one the first smallMembers.
  await session.exec(`INSERT INTO group_members (group_id, user_id, role) SELECT id, ${member}, 'admin' FROM prayer_groups WHERE description = 'Bench group'`);
  await session.exec(`
    INSERT INTO group_members (group_id, user_id)
    SELECT ${big}, id FROM users WHERE email LIKE 'group%@bench.local'`);
  await session.exec(`
    INSERT INTO group_members (group_id, user_id)
    SELECT gr.id, u.id FROM prayer_groups gr CROSS JOIN LATERAL (
      SELECT id FROM users WHERE email LIKE 'group%@bench.local' ORDER BY id LIMIT ${seed.smallMembers}) AS u
    WHERE gr.description = 'Bench group' AND gr.id <> ${big}`);
  const [span] = await session.rows<{ oldest: string; first: number }>(`
    SELECT (SELECT min(created_at)::text FROM posts WHERE channel_id = 1 AND group_id IS NULL) AS oldest,
           (SELECT min(id) FROM users WHERE email LIKE 'group%@bench.local') AS first`);
  if (!span) throw new Error('no span');
  // Authors in turn among the group's members (the group members' ids are consecutive from `first`).
  const insertPosts = (groupId: number, count: number, members: number) => session.exec(`
    INSERT INTO posts (user_id, channel_id, type, text, visibility, created_at, updated_at, group_id)
    SELECT ${span.first} + (g * 7919) % ${members}, 1, CASE WHEN g % 5 = 0 THEN 'THANK' ELSE 'REQUEST' END,
           'Please pray with our group for request ' || g || '.', 0, at, at, ${groupId}
    FROM generate_series(1, ${count}) AS g
    CROSS JOIN LATERAL (SELECT '${span.oldest}'::timestamptz + (now() - '${span.oldest}'::timestamptz) * (g::float8 / ${count}) AS at) AS t`);
  await insertPosts(big, seed.bigPosts, seed.bigMembers);
  for (const id of small) await insertPosts(id, seed.smallPosts, seed.smallMembers);
  await session.exec('ANALYZE');
  return big;
}
