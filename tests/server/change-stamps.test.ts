// Change stamps (issue #50 item 2; docs/architecture/change-stamps.md 'Change stamps',
// migrations/0024_change_stamps.sql): a returning pull (no `full`) with nothing new is answered
// from the stamps alone, reading no section; after EVERY kind of change its pull shows (each
// section, the posts, the counts), the same pull with the old cursor reads and brings it. How each
// pull was answered is read from GET /metrics (prayer_sync_pulls_total{answer}). It reads the post
// change feed like posts/changes (tests/server/sync-support.ts), so scripts/server-suite-pg.sh runs
// it alone.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiComment, Envelope } from '../../common/contract';
import type { ApiGroup } from '../../common/group-contract';
import type { SyncPull } from '../../common/sync-contract';
import { askStamps, pruneChangeStamps } from '../../server/domain/change-stamps';
import { decodeSyncCursor, encodeSyncCursor } from '../../server/domain/sync-cursor';
import { SECTION_BITS } from '../../server/domain/sync-sections';
import { callOk, useApi } from './api';
import { createGroup, join, person } from './groups-support';
import { newRequest } from './post-actors';

const METRICS_TOKEN = 'stamps-metrics-token';
const FAR_TIME = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;

const api = useApi({ metricsToken: METRICS_TOKEN });
let viewer: { token: string; id: number };
let other: { token: string; id: number };
beforeAll(async () => {
  viewer = await person(api, 'Viewer Vera');
  other = await person(api, 'Other Otto');
});

type How = { stamps: number; posts: number; sections: number };

async function answeredSoFar(): Promise<How> {
  const r = await fetch(`${api.server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await r.text();
  const read = (answer: string) => Number(new RegExp(`^prayer_sync_pulls_total\\{answer="${answer}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? '0');
  return { stamps: read('stamps'), posts: read('posts'), sections: read('sections') };
}

/** One pull, and how it was answered. */
async function pull(token: string | undefined, query: Record<string, string>, headers?: Record<string, string>): Promise<{ data: SyncPull; how: keyof How }> {
  const before = await answeredSoFar();
  const search = new URLSearchParams(query).toString();
  const r = await api.call<Envelope<SyncPull>>('GET', `sync/pull?${search}`, { ...(token === undefined ? {} : { token }), ...(headers ? { headers } : {}) });
  if (r.status !== 200) throw new Error(`sync/pull answered ${r.status}: ${JSON.stringify(r.json)}`);
  const after = await answeredSoFar();
  const how = (['stamps', 'posts', 'sections'] as const).filter((answer) => after[answer] > before[answer]);
  expect(how).toHaveLength(1);
  return { data: r.json.data, how: how[0] ?? 'sections' };
}


const SECTIONS = ['settings', 'reminders', 'hidden_people', 'notifications', 'note_counts', 'groups'] as const;
const sectionsOf = (data: SyncPull) => SECTIONS.filter((name) => data[name] !== undefined);

/**
 * A device caught up and idle: a full pull, then non-full pulls until one is answered from the
 * stamps (the first after the full one may read: the full pull's own read is at or after its stamp).
 * Returns that idle cursor, checked to answer "nothing new" from the stamps again.
 */
async function idleCursor(token: string, since: string, headers?: Record<string, string>): Promise<string> {
  let cursor = (await pull(token, { full: '1', since }, headers)).data.cursor;
  for (let i = 0; i < 5; i += 1) {
    const next = await pull(token, { cursor, since }, headers);
    cursor = next.data.cursor;
    if (next.how === 'stamps') {
      expect(next.data).toMatchObject({ refresh: false, posts: [], deleted: [], has_more: false });
      expect(sectionsOf(next.data)).toEqual([]);
      const again = await pull(token, { cursor, since }, headers);
      expect(again.how).toBe('stamps');
      expect(again.data.unread_count).toBe(next.data.unread_count);
      expect(again.data.new_count).toBe(next.data.new_count);
      return again.data.cursor;
    }
  }
  throw new Error('a caught-up device was never answered from the stamps');
}

/**
 * After `change`, the pull with the idle cursor reads (never the stamps alone) and passes `check`;
 * returns how it read: the post changes alone ('posts': nothing of the member changed) or the sections.
 */
async function brings(token: string, change: () => Promise<unknown>, check: (data: SyncPull) => void, headers?: Record<string, string>): Promise<keyof How> {
  const since = new Date(Date.now() - 1000).toISOString();
  const cursor = await idleCursor(token, since, headers);
  await change();
  const next = await pull(token, { cursor, since }, headers);
  expect(next.how).not.toBe('stamps');
  check(next.data);
  return next.how;
}

describe('sync/pull answered from the change stamps', () => {
  it('answers a caught-up device from the stamps: the same counts, no section, no post, the cursor moving on', async () => {
    await newRequest(api, other.token, 'Pray for the harvest.');
    const since = new Date(Date.now() - 60_000).toISOString();
    const cursor = await idleCursor(viewer.token, since);
    const idle = await pull(viewer.token, { cursor, since });
    expect(idle.how).toBe('stamps');
    expect(idle.data.new_count).toBeGreaterThanOrEqual(1);
    const held = decodeSyncCursor(idle.data.cursor);
    expect(held?.stamp).toBeDefined();
    // Another `since` than the cursor counted from, or `full`: read.
    expect((await pull(viewer.token, { cursor, since: new Date().toISOString() })).how).toBe('sections');
    expect((await pull(viewer.token, { cursor, full: '1' })).how).toBe('sections');
    // Anonymous: the channel's stamp alone.
    const anonymous = (await pull(undefined, {})).data.cursor;
    await pull(undefined, { cursor: anonymous });
    const anonIdle = await pull(undefined, { cursor: (await pull(undefined, { cursor: anonymous })).data.cursor });
    expect(anonIdle.how).toBe('stamps');
    expect(anonIdle.data.unread_count).toBeNull();
  });

  it('reads for a cursor written before the stamps (no stamp in it), and answers it in full', async () => {
    const since = new Date().toISOString();
    const cursor = await idleCursor(viewer.token, since);
    const held = decodeSyncCursor(cursor);
    if (held === undefined) throw new Error('cursor');
    const { stamp: _stamp, unread: _unread, newCount: _newCount, ...older } = held;
    const old = encodeSyncCursor(older);
    const r = await pull(viewer.token, { cursor: old, since });
    expect(r.how).toBe('sections');
    expect(r.data.refresh).toBe(false);
    expect(r.data.new_count).toBe(0);
    expect(decodeSyncCursor(r.data.cursor)?.stamp).toBeDefined();
  });

  it('say which of the member\'s sections a change moved (migration 0026)', async () => {
    const { db, withSession } = api.server.handle;
    /** The sections `change` moved for the viewer: asked from a stamp taken just before it. */
    const moved = async (change: () => Promise<unknown>): Promise<number> => {
      const [row] = await withSession((s) => s.rows<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid'));
      const stamp = BigInt(row?.xid ?? '0') + 1n;
      await change();
      return (await askStamps(db, { channelId: 1, viewer: viewer.id, posts: { xid: 0n, id: 0 }, stamp })).mine;
    };
    const mine = await newRequest(api, viewer.token, 'Pray for my garden.');
    const third = await person(api, 'Third Tess');
    // Someone prays on my post: my notifications alone; their own write is theirs.
    expect(await moved(() => callOk(api, 'POST', `post/${mine.id}/pray`, third.token))).toBe(SECTION_BITS.notif);
    // I hid them (my own write through the API: every section), then they are renamed: my hidden list,
    // and my notification that names them as its last actor.
    expect(await moved(() => callOk(api, 'PUT', `user/hidden-people/${third.id}`, viewer.token))).toBe(-1);
    expect(await moved(() => callOk(api, 'PUT', 'user/profile', third.token, { name: 'Third Tessa' }))).toBe(SECTION_BITS.hidden | SECTION_BITS.notif);
    // Nothing of mine: nothing moved.
    expect(await moved(() => newRequest(api, third.token, 'Pray for the road.'))).toBe(0);
  });

  it('brings a new post of the channel, and the new count, reading the post changes alone', async () => {
    const before = (await pull(viewer.token, { cursor: await idleCursor(viewer.token, new Date(Date.now() - 1000).toISOString()) })).data;
    const how = await brings(viewer.token, () => newRequest(api, other.token, 'Pray for rain.'), (data) => {
      expect(data.posts.map((p) => p.text)).toContain('Pray for rain.');
      expect(data.new_count).toBeGreaterThanOrEqual(1);
      // The member's sections stand: none is sent, the unread count is the one held.
      expect(sectionsOf(data)).toEqual([]);
      expect(data.unread_count).toBe(before.unread_count);
    });
    expect(how).toBe('posts');
  });

  it("brings a pray on someone else's post (its counter) and on mine (a notification, the unread count)", async () => {
    const theirs = await newRequest(api, other.token, 'Pray for my brother.');
    const third = await person(api, 'Third Theo');
    expect(await brings(viewer.token, () => callOk(api, 'POST', `post/${theirs.id}/pray`, third.token), (data) => {
      expect(data.posts.find((p) => p.id === theirs.id)?.prayedCount).toBe(1);
    })).toBe('posts');
    const mine = await newRequest(api, viewer.token, 'Pray for my exam.');
    await brings(viewer.token, () => callOk(api, 'POST', `post/${mine.id}/pray`, other.token), (data) => {
      expect(data.posts.find((p) => p.id === mine.id)?.prayedCount).toBe(1);
      expect(data.notifications?.data[0]).toMatchObject({ kind: 'prayed', post_id: mine.id });
      expect(data.unread_count).toBeGreaterThanOrEqual(1);
    });
  });

  it('brings a comment, its edit (the quote in my notification) and an edited and a deleted post', async () => {
    const mine = await newRequest(api, viewer.token, 'Pray for my job.');
    let commentId = 0;
    await brings(viewer.token, async () => {
      commentId = (await callOk<{ comment: ApiComment }>(api, 'POST', `post/${mine.id}/comment`, other.token, { comment: 'Praying now' })).comment.id;
    }, (data) => {
      expect(data.notifications?.data[0]).toMatchObject({ kind: 'commented', comment_excerpt: 'Praying now' });
    });
    await brings(viewer.token, () => callOk(api, 'PUT', `post/${mine.id}/comment/${commentId}`, other.token, { comment: 'Praying every day' }), (data) => {
      expect(data.notifications?.data[0]).toMatchObject({ kind: 'commented', comment_excerpt: 'Praying every day' });
    });
    const theirs = await newRequest(api, other.token, 'Pray for my town.');
    await brings(viewer.token, () => callOk(api, 'PUT', `post/${theirs.id}`, other.token, { text: 'Pray for my whole town.' }), (data) => {
      expect(data.posts.find((p) => p.id === theirs.id)?.text).toBe('Pray for my whole town.');
    });
    await brings(viewer.token, () => callOk(api, 'DELETE', `post/${theirs.id}`, other.token), (data) => {
      expect(data.deleted).toContain(theirs.id);
    });
  });

  it('brings a notification read on another device, and the unread count', async () => {
    const mine = await newRequest(api, viewer.token, 'Pray for my trip.');
    await callOk(api, 'POST', `post/${mine.id}/pray`, other.token);
    const list = await callOk<{ data: { id: number; post_id?: number }[] }>(api, 'GET', 'notifications', viewer.token);
    const notification = list.data.find((n) => n.post_id === mine.id);
    if (notification === undefined) throw new Error('no notification');
    await brings(viewer.token, () => callOk(api, 'POST', `notifications/${notification.id}/read`, viewer.token), (data) => {
      expect(data.notifications?.data.find((n) => n.id === notification.id)?.read_at).not.toBeNull();
    });
  });

  it('brings a setting, a hidden person, and that person renamed', async () => {
    await brings(viewer.token, () => callOk(api, 'PUT', 'user/prayer-session-items-qtd', viewer.token, { qtd: 9 }), (data) => {
      expect(data.settings?.session_items_qtd).toBe(9);
    });
    const hidden = await person(api, 'Hidden Hal');
    await brings(viewer.token, () => callOk(api, 'PUT', `user/hidden-people/${hidden.id}`, viewer.token), (data) => {
      expect(data.hidden_people?.people.map((p) => p.id)).toContain(hidden.id);
    });
    await brings(viewer.token, () => callOk(api, 'PUT', 'user/profile', hidden.token, { name: 'Hidden Harold' }), (data) => {
      expect(data.hidden_people?.people.find((p) => p.id === hidden.id)?.name).toBe('Hidden Harold');
    });
  });

  it("brings another person renamed in my notifications (their last actor)", async () => {
    const actor = await person(api, 'Actor Ava');
    const mine = await newRequest(api, viewer.token, 'Pray for my neighbour.');
    await callOk(api, 'POST', `post/${mine.id}/pray`, actor.token);
    await brings(viewer.token, () => callOk(api, 'PUT', 'user/profile', actor.token, { name: 'Actor Avery' }), (data) => {
      const shown = data.notifications?.data.find((n) => n.kind === 'prayed' && n.post_id === mine.id);
      expect(shown?.kind === 'prayed' ? shown.last_actor?.name : undefined).toBe('Actor Avery');
    });
  });

  it('brings a reminder, and its label when the post it names is edited by its author', async () => {
    const theirs = await newRequest(api, other.token, 'Pray for my sister.');
    await brings(viewer.token, () => callOk(api, 'PUT', `reminders/${crypto.randomUUID()}`, viewer.token, {
      target: { kind: 'post', post_id: theirs.id }, days: [1, 3, 5], time: FAR_TIME, time_zone: 'UTC', ends_on: null, enabled: true,
    }), (data) => {
      expect(data.reminders?.[0]?.label).toBe('Pray for my sister.');
    });
    await brings(viewer.token, () => callOk(api, 'PUT', `post/${theirs.id}`, other.token, { text: 'Pray for my sister Ruth.' }), (data) => {
      expect(data.reminders?.[0]?.label).toBe('Pray for my sister Ruth.');
    });
  });

  it('brings a note written on another device, and its post deleted in another channel than the device looks at', async () => {
    const theirs = await newRequest(api, other.token, 'Pray for our church.');
    const channel2 = { 'x-channel-id': '2' };
    await brings(viewer.token, () => callOk(api, 'POST', `post/${theirs.id}/note`, viewer.token, { note: 'Remember Sunday' }), (data) => {
      expect(data.note_counts?.posts).toContainEqual({ post_id: theirs.id, count: 1 });
    }, channel2);
    await brings(viewer.token, () => callOk(api, 'DELETE', `post/${theirs.id}`, other.token), (data) => {
      expect(data.note_counts?.posts.map((p) => p.post_id)).not.toContain(theirs.id);
    }, channel2);
  });

  it("brings my membership, the group's members, its rename, its invite, and a post in it", async () => {
    const admin = await person(api, 'Admin Ada');
    const group = await createGroup(api, admin.token, { name: 'Morning prayer' });
    const code = group.invite?.code ?? (await callOk<{ invite: { code: string } }>(api, 'POST', `group/${group.id}/invite`, admin.token, {})).invite.code;
    const mineOf = (data: SyncPull): ApiGroup | undefined => data.groups?.groups.find((g) => g.id === group.id);
    await brings(viewer.token, () => join(api, viewer.token, code), (data) => {
      expect(mineOf(data)).toBeDefined();
    });
    const newcomer = await person(api, 'Newcomer Ned');
    await brings(viewer.token, () => join(api, newcomer.token, code), (data) => {
      expect(mineOf(data)?.member_count).toBe(3);
    });
    await brings(viewer.token, () => callOk(api, 'PUT', `group/${group.id}`, admin.token, { name: 'Evening prayer' }), (data) => {
      expect(mineOf(data)?.name).toBe('Evening prayer');
    });
    await brings(viewer.token, () => callOk(api, 'POST', `group/${group.id}/invite`, admin.token, { max_uses: 5 }), (data) => {
      expect(mineOf(data)?.invite?.max_uses).toBe(5);
    });
    await brings(viewer.token, () => newRequest(api, admin.token, 'Pray for our group retreat.', { group_id: group.id }), (data) => {
      expect(data.posts.map((p) => p.text)).toContain('Pray for our group retreat.');
    });
    await brings(viewer.token, () => callOk(api, 'DELETE', `group/${group.id}/member/${viewer.id}`, viewer.token), (data) => {
      expect(mineOf(data)).toBeUndefined();
      expect(data.groups).toBeDefined();
    });
  });

  it('brings a sent reminder (the scheduler writes its notification)', async () => {
    const { db } = api.server.handle;
    const id = crypto.randomUUID();
    await callOk(api, 'PUT', `reminders/${id}`, viewer.token, {
      target: { kind: 'session', source: { kind: 'quick' } }, days: [0, 1, 2, 3, 4, 5, 6], time: FAR_TIME, time_zone: 'UTC', ends_on: null, enabled: true,
    });
    const { runDueReminders } = await import('../../server/push/reminder-scheduler');
    await brings(viewer.token, async () => {
      await db.execute(sql`update reminders set next_at = now() - interval '1 minute' where id = ${id}::uuid`);
      const sent: unknown[] = [];
      await runDueReminders(db, { send: async (...args: unknown[]) => { sent.push(args); return 'sent'; } }, new Date(), 'http://localhost', api.server.app.log);
    }, (data) => {
      expect(data.notifications?.data[0]).toMatchObject({ kind: 'reminder', reminder_id: id });
    });
  });
});

describe('the change logs', () => {
  it('are pruned below the horizon in bounded batches, and a cursor below it is answered by reading', async () => {
    const { db } = api.server.handle;
    const since = new Date().toISOString();
    const cursor = await idleCursor(viewer.token, since);
    const held = decodeSyncCursor(cursor);
    if (held?.stamp === undefined) throw new Error('no stamp');
    // Each prune moves the horizon to where the previous one left its mark: two after a write pass the cursor.
    await newRequest(api, other.token, 'A write before the first prune.');
    await pruneChangeStamps(db, 1);
    await newRequest(api, other.token, 'A write so the horizon moves on.');
    await pruneChangeStamps(db, 1);
    const answer = await askStamps(db, { channelId: 1, viewer: viewer.id, posts: held.posts, stamp: held.stamp });
    expect(answer.pruned).toBe(true);
    expect((await pull(viewer.token, { cursor, since })).how).toBe('sections');
  });
});
