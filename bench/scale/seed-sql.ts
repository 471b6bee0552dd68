// The SQL of the scale seed (bench/scale/seed.ts runs it): every table filled by INSERT ... SELECT
// over generate_series with explicit column lists, so a column a later migration adds with a
// default is simply left to it. Rows are derived from their number by arithmetic, so a post's
// group, author and channel, a prayer's post and person, are known without lookups:
// - member k (1..users, id users0 + k): channel by (k - 1) % 20: 0-11 English, 12-16 Portuguese,
//   17-19 Spanish; pg_temp.member_of(c, r) picks a member of channel c from any number r;
// - group 1 is the busy group: channel 1's first busyMembers members (pg_temp.busy_member(t)),
//   member 0 (the busy member) its admin; group g >= 2 has members group_member(g, j), j = 0..,
//   all of one channel (the same k modulo 20), member 0 its admin;
// - post i (1..posts): one in 50 the busy group's, 7 in 50 another group's (by a member of it),
//   the rest the community's in the three channels 12:5:3; newest with the highest number, over
//   two years; prayers and comments lean towards the newest posts and come from people who may see
//   the post (the group's members for a group's post, the channel's members otherwise).
// The posts are first laid out in a temporary table (scale_posts) that the prayers, comments and
// notifications read; the posts' counters are then the counts of those rows.
import { GROUP_POST_EVERY, ORDINARY_GROUP_SLOTS, type Shape } from './shape';

/** Where the seeded ids start (the rows the demo seed already made), and the time everything is relative to. */
export type Offsets = { users0: number; posts0: number; groups0: number; lists0: number; items0: number; at: string };

const SPAN_SECONDS = 730 * 24 * 3600;

const WORDS = {
  en: ['healing', 'family', 'work', 'exams', 'travel', 'surgery', 'peace', 'marriage', 'children', 'church',
    'strength', 'wisdom', 'provision', 'recovery', 'friends', 'school', 'hope', 'grief', 'rain', 'harvest'],
  pt: ['cura', 'família', 'trabalho', 'provas', 'viagem', 'cirurgia', 'paz', 'casamento', 'filhos', 'igreja',
    'força', 'sabedoria', 'provisão', 'recuperação', 'amigos', 'escola', 'esperança', 'luto', 'chuva', 'colheita'],
  es: ['sanidad', 'familia', 'trabajo', 'exámenes', 'viaje', 'cirugía', 'paz', 'matrimonio', 'hijos', 'iglesia',
    'fuerza', 'sabiduría', 'provisión', 'recuperación', 'amigos', 'escuela', 'esperanza', 'duelo', 'lluvia', 'cosecha'],
};
/** The common search word (about one English post in seven) and the rare one (one post in 10,000, English community posts). */
export const COMMON_WORD = 'healing';
export const RARE_WORD = 'lighthouse';

const array = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;

/** The helper functions, in the session's own temporary schema (gone with the session). */
export function functionsSql(shape: Shape): string[] {
  const blocks = shape.users / 20;
  const ordinaryGroups = Math.max(1, shape.groups - 1);
  return [
    `CREATE FUNCTION pg_temp.member_channel(k bigint) RETURNS smallint LANGUAGE sql IMMUTABLE AS
      $$ SELECT (CASE WHEN (k - 1) % 20 < 12 THEN 1 WHEN (k - 1) % 20 < 17 THEN 2 ELSE 3 END)::smallint $$`,
    `CREATE FUNCTION pg_temp.member_of(c integer, r bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
      $$ SELECT 20 * (r % ${blocks}) + (CASE c WHEN 1 THEN 0 WHEN 2 THEN 12 ELSE 17 END)
                + (r / ${blocks}) % (CASE c WHEN 1 THEN 12 WHEN 2 THEN 5 ELSE 3 END) + 1 $$`,
    `CREATE FUNCTION pg_temp.busy_member(t bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
      $$ SELECT 20 * (t / 12) + t % 12 + 1 $$`,
    `CREATE FUNCTION pg_temp.group_member(g bigint, j bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
      $$ SELECT 1 + ((g * 7919) % ${shape.users} + 20 * j) % ${shape.users} $$`,
    `CREATE FUNCTION pg_temp.ordinary_group(i bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
      $$ SELECT 2 + (i * 31) % ${ordinaryGroups} $$`,
    // A fraction in [0, 1) from a number (Knuth's multiplicative hash).
    `CREATE FUNCTION pg_temp.unit(n bigint) RETURNS float8 LANGUAGE sql IMMUTABLE AS
      $$ SELECT ((n * 2654435761) % 4294967296)::float8 / 4294967296 $$`,
    // A post number leaning towards the newest (density grows linearly with the number).
    `CREATE FUNCTION pg_temp.recent_post(n bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
      $$ SELECT least(${shape.posts}, greatest(1, ${shape.posts} - floor(${shape.posts} * pg_temp.unit(n) ^ 2)::bigint)) $$`,
  ];
}

/** Live memberships per ordinary group, at least (group g >= 2 has members j = 0 .. size - 1). */
export function minGroupSize(shape: Shape): number {
  return Math.max(1, Math.floor((shape.memberships - shape.busyMembers) / Math.max(1, shape.groups - 1)));
}

export function usersSql(shape: Shape, o: Offsets): string {
  return `INSERT INTO users (id, name, username, email, channel_id, language, created_at, updated_at, last_login_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${o.users0} + k, 'Member ' || k, 'scale_' || k, 'scale' || k || '@scale.local', c,
           CASE c WHEN 1 THEN 'en-US' WHEN 2 THEN 'pt-BR' ELSE 'es-ES' END,
           '${o.at}'::timestamptz - interval '800 days', '${o.at}'::timestamptz - interval '800 days',
           '${o.at}'::timestamptz - make_interval(hours => (k % 500)::int)
    FROM generate_series(1::bigint, ${shape.users}) AS k CROSS JOIN LATERAL (SELECT pg_temp.member_channel(k) AS c) AS ch`;
}

export function groupsSql(shape: Shape, o: Offsets): string {
  return `INSERT INTO prayer_groups (id, channel_id, name, description, created_by, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${o.groups0} + g, CASE WHEN g = 1 THEN 1 ELSE pg_temp.member_channel(pg_temp.group_member(g, 0)) END,
           CASE WHEN g = 1 THEN 'Our church' ELSE 'Prayer group ' || g END, 'A group of the scale bench',
           ${o.users0} + CASE WHEN g = 1 THEN pg_temp.busy_member(0) ELSE pg_temp.group_member(g, 0) END,
           '${o.at}'::timestamptz - interval '750 days', '${o.at}'::timestamptz - interval '750 days'
    FROM generate_series(1::bigint, ${shape.groups}) AS g`;
}

export function membershipsSql(shape: Shape, o: Offsets): string[] {
  const ordinary = Math.max(0, shape.memberships - shape.busyMembers);
  const groups = Math.max(1, shape.groups - 1);
  const joined = `'${o.at}'::timestamptz - interval '740 days'`;
  return [
    `INSERT INTO group_members (group_id, user_id, role, joined_at, updated_at)
     SELECT ${o.groups0} + 1, ${o.users0} + pg_temp.busy_member(t), CASE WHEN t = 0 THEN 'admin' ELSE 'member' END, ${joined}, ${joined}
     FROM generate_series(0::bigint, ${shape.busyMembers - 1}) AS t`,
    `INSERT INTO group_members (group_id, user_id, role, joined_at, updated_at)
     SELECT ${o.groups0} + g, ${o.users0} + pg_temp.group_member(g, j), CASE WHEN j = 0 THEN 'admin' ELSE 'member' END, ${joined}, ${joined}
     FROM generate_series(0::bigint, ${ordinary - 1}) AS m
     CROSS JOIN LATERAL (SELECT 2 + m % ${groups} AS g, m / ${groups} AS j) AS s
     ON CONFLICT DO NOTHING`,
  ];
}

/** The layout of the posts (temporary): number, group number (null: the community), channel, author number, time. */
export function postLayoutSql(shape: Shape, o: Offsets): string[] {
  const minSize = minGroupSize(shape);
  return [
    `CREATE TEMP TABLE scale_posts (i bigint PRIMARY KEY, g bigint, ch smallint NOT NULL, author bigint NOT NULL,
       created_at timestamptz NOT NULL, deleted boolean NOT NULL)`,
    `INSERT INTO scale_posts (i, g, ch, author, created_at, deleted)
     SELECT i, s.g, s.ch,
            CASE WHEN s.g = 1 THEN pg_temp.busy_member(((i / ${GROUP_POST_EVERY}) * 7919) % ${shape.busyMembers})
                 WHEN s.g IS NOT NULL THEN pg_temp.group_member(s.g, (i / ${GROUP_POST_EVERY}) % ${minSize})
                 ELSE pg_temp.member_of(s.ch, i * 104729) END,
            '${o.at}'::timestamptz - make_interval(secs => (${shape.posts} - i)::float8 * ${SPAN_SECONDS} / ${shape.posts} + 60 + i % 7),
            i % 97 = 0
     FROM generate_series(1::bigint, ${shape.posts}) AS i
     CROSS JOIN LATERAL (SELECT CASE WHEN i % ${GROUP_POST_EVERY} = 0 THEN 1
                                     WHEN i % ${GROUP_POST_EVERY} <= ${ORDINARY_GROUP_SLOTS} THEN pg_temp.ordinary_group(i) END AS g) AS gg
     CROSS JOIN LATERAL (SELECT gg.g,
       (CASE WHEN gg.g = 1 THEN 1
             WHEN gg.g IS NOT NULL THEN pg_temp.member_channel(pg_temp.group_member(gg.g, 0))
             WHEN i % 20 < 12 THEN 1 WHEN i % 20 < 17 THEN 2 ELSE 3 END)::smallint AS ch) AS s`,
    'ANALYZE scale_posts',
  ];
}

/** Who may pray or comment on post p, picked by r: a member of its group, else of its channel. */
function viewerOf(shape: Shape, r: string): string {
  return `CASE WHEN p.g = 1 THEN pg_temp.busy_member((${r}) % ${shape.busyMembers})
               WHEN p.g IS NOT NULL THEN pg_temp.group_member(p.g, (${r}) % ${minGroupSize(shape)})
               ELSE pg_temp.member_of(p.ch, ${r}) END`;
}

const notFuture = (o: Offsets, expression: string) => `least('${o.at}'::timestamptz - interval '1 minute', ${expression})`;

export function postPrayersSql(shape: Shape, o: Offsets): string {
  return `INSERT INTO prayers (user_id, post_id, created_at)
    SELECT ${o.users0} + ${viewerOf(shape, 'n * 7919 + 13')}, ${o.posts0} + p.i,
           ${notFuture(o, 'p.created_at + make_interval(mins => (n % 2400)::int)')}
    FROM generate_series(1::bigint, ${shape.postPrayers}) AS n
    JOIN scale_posts p ON p.i = pg_temp.recent_post(n)`;
}

export function commentsSql(shape: Shape, o: Offsets): string {
  return `INSERT INTO comments (user_id, post_id, text, visibility, created_at, updated_at, deleted_at)
    SELECT ${o.users0} + ${viewerOf(shape, 'c * 104729 + 7')}, ${o.posts0} + p.i,
           CASE p.ch WHEN 1 THEN 'Praying with you (' WHEN 2 THEN 'Orando com você (' ELSE 'Orando contigo (' END || c || ').', 0, t.at, t.at,
           CASE WHEN c % 100 = 0 THEN t.at + interval '1 hour' END
    FROM generate_series(1::bigint, ${shape.comments}) AS c
    JOIN scale_posts p ON p.i = pg_temp.recent_post(c * 3 + 1)
    CROSS JOIN LATERAL (SELECT ${notFuture(o, 'p.created_at + make_interval(mins => (c % 1800)::int)')} AS at) AS t`;
}

function textOf(i: string): string {
  const pick = (lang: keyof typeof WORDS, n: string) => `(${array(WORDS[lang])})[1 + (${n}) % 20]`;
  const words = (lang: keyof typeof WORDS, a: string, b: string, c: string) =>
    `${a} || ${pick(lang, i)} || ${b} || ${pick(lang, `${i} / 20`)} || ${c} || ${pick(lang, `${i} / 400`)}`;
  return `CASE p.ch
      WHEN 1 THEN ${words('en', "'Please pray for '", "' and '", "' in our '")} || ' (request ' || ${i} || ').'
                  || CASE WHEN ${i} % 10000 = 1009 THEN ' Be our ${RARE_WORD} in the storm.' ELSE '' END
      WHEN 2 THEN ${words('pt', "'Por favor orem por '", "' e '", "' na nossa '")} || ' (pedido ' || ${i} || ').'
      ELSE ${words('es', "'Por favor oren por '", "' y '", "' en nuestra '")} || ' (petición ' || ${i} || ').' END`;
}

/** The posts, their counters the counts of the prayers and (live, public) comments seeded for them. */
export function postsSql(shape: Shape, o: Offsets): string {
  const answered = `(p.i % 4 <> 0 AND p.i % 7 = 0)`;
  return `INSERT INTO posts (id, user_id, channel_id, group_id, type, text, atendido, answer_text, updated_answer_at, is_anonymous,
                     visibility, prayed_count, comment_count, created_at, updated_at, archived_at, deleted_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${o.posts0} + p.i, ${o.users0} + p.author, p.ch, ${o.groups0} + p.g,
           CASE WHEN p.i % 4 = 0 THEN 'THANK' ELSE 'REQUEST' END, ${textOf('p.i')}, ${answered},
           CASE WHEN ${answered} THEN 'Thank you all: it was answered (' || p.i || ').' END,
           CASE WHEN ${answered} THEN ${notFuture(o, 'p.created_at + make_interval(days => (p.i % 30)::int)')} END,
           p.i % 11 = 0, CASE WHEN p.g IS NULL AND p.i % ${GROUP_POST_EVERY} = 25 THEN 2 ELSE 0 END,
           coalesce(pr.n, 0), coalesce(cm.n, 0), p.created_at, p.created_at,
           CASE WHEN p.g IS NULL AND p.i % 89 = 0 THEN p.created_at + interval '60 days' END,
           CASE WHEN p.deleted THEN p.created_at + interval '1 day' END
    FROM scale_posts p
    LEFT JOIN (SELECT post_id - ${o.posts0} AS i, count(*)::int AS n FROM prayers WHERE post_id > ${o.posts0} GROUP BY post_id) pr ON pr.i = p.i
    LEFT JOIN (SELECT post_id - ${o.posts0} AS i, count(*)::int AS n FROM comments
               WHERE post_id > ${o.posts0} AND deleted_at IS NULL AND visibility = 0 GROUP BY post_id) cm ON cm.i = p.i
    ORDER BY p.i`;
}

/** What the posts trigger (migration 0006) writes for every post a transaction inserts. */
export function postChangesSql(o: Offsets): string {
  return `INSERT INTO post_changes (post_id, channel_id, change_xid)
    SELECT id, channel_id, pg_current_xact_id()::text::bigint FROM posts WHERE id > ${o.posts0} ORDER BY id`;
}

const publicLists = (shape: Shape) => Math.max(1, Math.floor(shape.lists / shape.publicEvery));
const listOwner = (shape: Shape, l: string) => `(1 + ((${l}) * 7919) % ${shape.users})`;
const itemsPerList = (shape: Shape) => Math.max(1, Math.floor(shape.items / shape.lists));

/** Prayers on the items of public lists, the most prayed lists first in number (list l = q * publicEvery). */
export function itemPrayersSql(shape: Shape, o: Offsets): string {
  const q = `floor(${publicLists(shape)} * pg_temp.unit(n * 5 + 2) ^ 2)::bigint`;
  return `INSERT INTO prayers (user_id, list_item_id, created_at)
    SELECT ${o.users0} + pg_temp.member_of(pg_temp.member_channel(${listOwner(shape, 's.l')}), n * 7919 + 5),
           ${o.items0} + s.l + (n % ${itemsPerList(shape)}) * ${shape.lists},
           '${o.at}'::timestamptz - make_interval(mins => (n % 1000000)::int)
    FROM generate_series(1::bigint, ${shape.itemPrayers}) AS n
    CROSS JOIN LATERAL (SELECT least(${shape.lists}, (${q} + 1) * ${shape.publicEvery}) AS l) AS s`;
}

export function itemsSql(shape: Shape, o: Offsets): string {
  return `INSERT INTO list_items (id, post_list_id, user_id, title, text, position, prayed_count, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${o.items0} + x, ${o.lists0} + s.l, ${o.users0} + ${listOwner(shape, 's.l')}, 'Item ' || s.j,
           'Lord, hear our prayer for this need (item ' || x || ').', s.j, coalesce(pr.n, 0),
           '${o.at}'::timestamptz - interval '600 days' + make_interval(mins => (x % 100000)::int),
           '${o.at}'::timestamptz - interval '600 days' + make_interval(mins => (x % 100000)::int)
    FROM generate_series(1::bigint, ${shape.items}) AS x
    CROSS JOIN LATERAL (SELECT 1 + (x - 1) % ${shape.lists} AS l, (x - 1) / ${shape.lists} AS j) AS s
    LEFT JOIN (SELECT list_item_id - ${o.items0} AS item_no, count(*)::int AS n FROM prayers
               WHERE list_item_id > ${o.items0} GROUP BY list_item_id) pr ON pr.item_no = x
    ORDER BY x`;
}

export function listsSql(shape: Shape, o: Offsets): string {
  return `INSERT INTO lists (id, user_id, channel_id, name, description, visibility, item_count, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${o.lists0} + l, ${o.users0} + s.owner, pg_temp.member_channel(s.owner), 'Prayer list ' || l,
           'Prayers we keep together (' || l || ')', CASE WHEN l % ${shape.publicEvery} = 0 THEN 0 ELSE 2 END,
           coalesce(it.n, 0), '${o.at}'::timestamptz - interval '600 days',
           '${o.at}'::timestamptz - make_interval(mins => (l * 37 % 500000)::int)
    FROM generate_series(1::bigint, ${shape.lists}) AS l
    CROSS JOIN LATERAL (SELECT ${listOwner(shape, 'l')} AS owner) AS s
    LEFT JOIN (SELECT post_list_id - ${o.lists0} AS list_no, count(*)::int AS n FROM list_items
               WHERE post_list_id > ${o.lists0} AND deleted_at IS NULL GROUP BY post_list_id) it ON it.list_no = l
    ORDER BY l`;
}

/** A notification read a week after it changed; the last week's are unread. */
const readAt = (o: Offsets, updated: string) =>
  `CASE WHEN ${updated} < '${o.at}'::timestamptz - interval '7 days' THEN ${updated} + interval '1 hour' END`;

/**
 * What the prayer and comment triggers (migrations 0005, 0020) write: per author, post, kind and
 * UTC day, the distinct people who prayed (commented) that day, not the author, on a live post.
 */
export function reactionNotificationsSql(o: Offsets, kind: 'prayed' | 'commented'): string {
  const table = kind === 'prayed' ? 'prayers' : 'comments';
  const only = kind === 'prayed' ? '' : 'AND r.visibility = 0';
  return `INSERT INTO notifications (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, read_at)
    SELECT owner, post_id, '${kind}', day, actors, last_actor, first_at, last_at, ${readAt(o, 'last_at')}
    FROM (SELECT po.user_id AS owner, r.post_id, (r.created_at AT TIME ZONE 'UTC')::date AS day,
                 count(DISTINCT r.user_id)::int AS actors, (max(ARRAY[r.id::bigint, r.user_id::bigint]))[2]::int AS last_actor,
                 min(r.created_at) AS first_at, max(r.created_at) AS last_at
          FROM ${table} r JOIN posts po ON po.id = r.post_id
          WHERE r.post_id > ${o.posts0} AND po.deleted_at IS NULL AND r.user_id <> po.user_id ${only}
          GROUP BY po.user_id, r.post_id, (r.created_at AT TIME ZONE 'UTC')::date) AS told`;
}

/** The busy member's group_post notifications (server/domain/group-notifications.ts): the busy group's newest posts. */
export function busyNotificationsSql(shape: Shape, o: Offsets): string {
  return `INSERT INTO notifications (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, read_at)
    SELECT ${o.users0} + pg_temp.busy_member(0), p.id, 'group_post', (p.created_at AT TIME ZONE 'UTC')::date, 1,
           CASE WHEN p.is_anonymous THEN NULL ELSE p.user_id END, p.created_at, p.created_at, ${readAt(o, 'p.created_at')}
    FROM posts p
    WHERE p.group_id = ${o.groups0} + 1 AND p.deleted_at IS NULL AND p.user_id <> ${o.users0} + pg_temp.busy_member(0)
    ORDER BY p.created_at DESC LIMIT ${shape.busyNotifications}
    ON CONFLICT DO NOTHING`;
}

/**
 * State that triggers of later migrations keep, filled when their table exists: a step runs when
 * its `when` query answers true. Migration 0023 (issue #50 item 4): per list and person the prayers
 * on its items (list_prayer_people) and the number of such people (lists.prayed_people).
 */
export const DERIVED: { table: string; when: string; sql: string[]; triggers: string[] }[] = [
  {
    table: 'list_prayer_people (migration 0023)',
    when: `SELECT to_regclass('list_prayer_people') IS NOT NULL AS ok`,
    sql: [
      `INSERT INTO list_prayer_people (list_id, user_id, prayers)
       SELECT li.post_list_id, p.user_id, count(*)::int FROM prayers p JOIN list_items li ON li.id = p.list_item_id
       GROUP BY li.post_list_id, p.user_id ON CONFLICT DO NOTHING`,
      `UPDATE lists l SET prayed_people = c.n
       FROM (SELECT list_id, count(*)::int AS n FROM list_prayer_people GROUP BY list_id) c WHERE l.id = c.list_id`,
    ],
    triggers: ['list_prayer_people_add', 'list_prayer_people_remove', 'list_prayer_people_item_gone'],
  },
];

/**
 * Triggers that only log changes for later readers (migration 0024's change stamps): a seeded
 * history is older than any cursor, so nothing of it needs logging.
 */
export const LOG_ONLY_TRIGGERS = [
  'stamp_users', 'stamp_post_readers', 'stamp_comment_quotes', 'stamp_comment_quotes_update', 'stamp_list_reminders', 'stamp_item_reminders',
];
