// Seeds one database of the scale bench (issue #50 item 7) in the server's migrated schema, with
// the SQL of bench/scale/seed-sql.ts, timed and printed table by table.
//
// Speed: the session runs with session_replication_role = replica, so no trigger fires: neither
// the foreign-key checks (row by row) nor the tables' own triggers, whose effects the seed writes
// itself in bulk (post_changes, the notifications; the live channel's pg_notify has no listener
// yet). A trigger on a seeded table that the seed does not know is reported, so a new one cannot
// be skipped unnoticed. The indexes of the big tables (not those of constraints) are dropped
// before and built again after, from their own definitions. CHECK, NOT NULL and unique constraints
// hold throughout; every foreign key is checked afterwards by one anti-join each; then VACUUM
// ANALYZE, as a database in service would be.
import pg from 'pg';
import type { Shape } from './shape';
import {
  busyNotificationsSql, commentsSql, DERIVED, functionsSql, LOG_ONLY_TRIGGERS, groupsSql, itemPrayersSql, itemsSql, listsSql, membershipsSql,
  postChangesSql, postLayoutSql, postPrayersSql, postsSql, reactionNotificationsSql, usersSql, type Offsets,
} from './seed-sql';

export type SeedStep = { table: string; rows: number; seconds: number };
export type SeededDb = { offsets: Offsets; busyMember: number; typicalMember: number; busyGroup: number; typicalGroup: number };
export type SeedResult = SeededDb & { steps: SeedStep[]; seconds: number; warnings: string[] };

/** Tables whose non-constraint indexes are built after their rows. */
const BULK_TABLES = ['posts', 'prayers', 'comments', 'notifications', 'list_items', 'lists', 'group_members', 'post_changes'];
const SEEDED_TABLES = [...BULK_TABLES, 'users', 'prayer_groups', 'bookmarks', 'list_prayer_people'];
/** The triggers whose effects the seed writes itself (or that only announce, migration 0021). */
const KNOWN_TRIGGERS = new Set([
  'posts_record_change', 'live_post_change', 'notifications_prayer', 'notifications_comment', 'notifications_answer',
  'live_notification_write', 'live_notification_update', 'live_group_member', 'live_group', 'live_user_gone',
  ...DERIVED.flatMap((d) => d.triggers), ...LOG_ONLY_TRIGGERS,
]);

type Step = { table: string; sql: string };

function steps(shape: Shape, o: Offsets): Step[] {
  const [busyMembers, ordinaryMembers] = membershipsSql(shape, o);
  return [
    { table: 'users', sql: usersSql(shape, o) },
    { table: 'prayer_groups', sql: groupsSql(shape, o) },
    { table: 'group_members (busy group)', sql: busyMembers ?? '' },
    { table: 'group_members (other groups)', sql: ordinaryMembers ?? '' },
    ...postLayoutSql(shape, o).map((sql) => ({ table: 'scale_posts (layout, temporary)', sql })),
    { table: 'prayers (on posts)', sql: postPrayersSql(shape, o) },
    { table: 'comments', sql: commentsSql(shape, o) },
    { table: 'posts (counters from the prayers and comments)', sql: postsSql(shape, o) },
    { table: 'post_changes', sql: postChangesSql(o) },
    { table: 'prayers (on list items)', sql: itemPrayersSql(shape, o) },
    { table: 'list_items', sql: itemsSql(shape, o) },
    { table: 'lists', sql: listsSql(shape, o) },
    { table: 'notifications (prayed)', sql: reactionNotificationsSql(o, 'prayed') },
    { table: 'notifications (commented)', sql: reactionNotificationsSql(o, 'commented') },
    { table: 'notifications (the busy member\'s group posts)', sql: busyNotificationsSql(shape, o) },
  ];
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - started) / 1000 };
}

async function offsetsOf(client: pg.Client): Promise<Offsets> {
  const max = async (table: string) => Number((await client.query<{ n: string }>(`SELECT coalesce(max(id), 0)::text AS n FROM ${table}`)).rows[0]?.n ?? 0);
  const at = (await client.query<{ at: string }>(`SELECT to_char(date_trunc('second', now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`)).rows[0]?.at;
  if (at === undefined) throw new Error('no time');
  return { users0: await max('users'), posts0: await max('posts'), groups0: await max('prayer_groups'), lists0: await max('lists'), items0: await max('list_items'), at };
}

type IndexDef = { name: string; def: string; table: string };

async function dropIndexes(client: pg.Client): Promise<IndexDef[]> {
  const { rows } = await client.query<IndexDef>(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, c.relname AS table
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relname = ANY($1)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`, [BULK_TABLES]);
  for (const index of rows) await client.query(`DROP INDEX ${index.name}`);
  return rows;
}

type ForeignKey = { child: string; parent: string; name: string; cols: string[]; pcols: string[] };

/** Every foreign key of the seeded tables, checked as ALTER TABLE ... VALIDATE would: one anti-join each. */
async function checkForeignKeys(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<ForeignKey>(`
    SELECT k.conrelid::regclass::text AS child, k.confrelid::regclass::text AS parent, k.conname AS name,
      ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS u(n, o) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.o) AS cols,
      ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY AS u(n, o) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.o) AS pcols
    FROM pg_constraint k WHERE k.contype = 'f' AND k.conrelid::regclass::text = ANY($1)`, [SEEDED_TABLES]);
  const broken: string[] = [];
  for (const fk of rows) {
    const notNull = fk.cols.map((c) => `c.${c} IS NOT NULL`).join(' AND ');
    const match = fk.cols.map((c, i) => `p.${fk.pcols[i] ?? ''} = c.${c}`).join(' AND ');
    const { rows: [found] } = await client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${fk.child} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${match})`);
    if (found?.n !== '0') broken.push(`${fk.name}: ${found?.n ?? '?'} rows of ${fk.child} name no ${fk.parent}`);
  }
  return broken;
}

async function unknownTriggers(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ table: string; name: string }>(`
    SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relname = ANY($1)`, [SEEDED_TABLES]);
  return rows.filter((t) => !KNOWN_TRIGGERS.has(t.name))
    .map((t) => `trigger ${t.name} on ${t.table} did not run during the seed: what it maintains is not seeded (bench/scale/seed.ts)`);
}

async function benchMembers(client: pg.Client, o: Offsets): Promise<Omit<SeededDb, 'offsets'>> {
  const busyGroup = o.groups0 + 1;
  const busyMember = o.users0 + 1;
  // Typical: the first member of channel 1 outside the busy group, in another group, with posts of their own.
  const { rows: [typical] } = await client.query<{ id: number; group_id: number }>(`
    SELECT u.id, (SELECT min(gm.group_id) FROM group_members gm WHERE gm.user_id = u.id) AS group_id
    FROM users u WHERE u.id > $1 AND u.channel_id = 1
      AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = u.id AND gm.group_id = $2)
      AND EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = u.id)
      AND EXISTS (SELECT 1 FROM posts p WHERE p.user_id = u.id)
    ORDER BY u.id LIMIT 1`, [o.users0, busyGroup]);
  if (typical === undefined) throw new Error('no typical member');
  // Each bookmarks 20 posts of their feed.
  for (const member of [busyMember, typical.id]) {
    await client.query(`INSERT INTO bookmarks (user_id, post_id, created_at)
      SELECT $1, id, created_at + interval '1 hour' FROM posts
      WHERE channel_id = 1 AND group_id IS NULL AND deleted_at IS NULL AND visibility = 0 AND id % 7 = 0 AND id > $2
      ORDER BY id DESC LIMIT 20`, [member, o.posts0]);
  }
  return { busyMember, typicalMember: typical.id, busyGroup, typicalGroup: typical.group_id };
}

export async function seedScale(url: string, shape: Shape, log: (line: string) => void): Promise<SeedResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const done: SeedStep[] = [];
  const started = performance.now();
  const step = async (table: string, fn: () => Promise<number>) => {
    const { value: rows, seconds } = await timed(fn);
    done.push({ table, rows, seconds });
    log(`  ${table.padEnd(52)} ${rows.toLocaleString('en-US').padStart(11)} rows ${seconds.toFixed(1).padStart(7)} s`);
  };
  try {
    await client.query(`SET session_replication_role = replica; SET temp_buffers = '512MB'; SET work_mem = '256MB';
      SET maintenance_work_mem = '512MB'; SET synchronous_commit = off`);
    const o = await offsetsOf(client);
    for (const sql of functionsSql(shape)) await client.query(sql);
    const indexes = await dropIndexes(client);
    for (const s of steps(shape, o)) await step(s.table, async () => (await client.query(s.sql)).rowCount ?? 0);
    for (const derived of DERIVED) {
      const { rows: [when] } = await client.query<{ ok: boolean }>(derived.when);
      if (when?.ok !== true) continue;
      await step(derived.table, async () => {
        let rows = 0;
        for (const sql of derived.sql) rows = (await client.query(sql)).rowCount ?? 0;
        return rows;
      });
    }
    for (const table of ['users', 'posts', 'prayer_groups', 'lists', 'list_items']) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    for (const table of BULK_TABLES) {
      const own = indexes.filter((i) => i.table === table);
      await step(`${table}: ${own.length} indexes built`, async () => {
        for (const index of own) await client.query(index.def);
        return Number((await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]?.n ?? 0);
      });
    }
    await client.query('SET session_replication_role = origin');
    const warnings: string[] = [];
    await step('foreign keys checked (rows that fail)', async () => {
      const broken = await checkForeignKeys(client);
      warnings.push(...broken);
      return broken.length;
    });
    if (warnings.length > 0) throw new Error(`the seed broke foreign keys:\n${warnings.join('\n')}`);
    warnings.push(...await unknownTriggers(client));
    const members = await benchMembers(client, o);
    await step('VACUUM ANALYZE (the whole database)', async () => {
      await client.query('VACUUM (ANALYZE)');
      return 0;
    });
    return { ...members, offsets: o, steps: done, seconds: (performance.now() - started) / 1000, warnings };
  } finally {
    await client.end();
  }
}
