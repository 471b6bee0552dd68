// Issue #49, privacy: the three places a group's words still leaked, asked as every role (admin,
// moderator, member, former member, removed member, outsider who is a community moderator, guest,
// anonymous visitor): reminders (GET reminders, the pull's `reminders` section, the data download,
// a sent reminder in GET notifications and its push), the moderation queues (a comment on an item
// of a group's list), and statistics (prayers received on a group's post). Each reads the one
// visibility rule when it answers (docs/product.md §11; server/domain/reminder-labels.ts,
// moderation.ts targetGroup, statistics.ts). Runs on PGlite, and on PostgreSQL through
// scripts/with-postgres.sh.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiStatistics } from '../../common/account-contract';
import type { Envelope } from '../../common/contract';
import type { ModerationQueueResponse } from '../../common/moderation-contract';
import type { NotificationPage } from '../../common/notifications-contract';
import type { ApiReminder, ReminderInput, ReminderTarget } from '../../common/reminders-contract';
import type { SyncPull } from '../../common/sync-contract';
import { exportUserData } from '../../server/domain/data-export';
import { runDueReminders } from '../../server/push/reminder-scheduler';
import type { PushMessage } from '../../server/push/fcm';
import type { PushSender, PushTarget } from '../../server/push/sender';
import { ok, uniqueEmail, useApi } from './api';
import { createGroup, join, person } from './groups-support';
import { createItem, createList } from './lists-support';

const MARK = `Quillon${process.pid}`;
const MODERATOR = uniqueEmail('community-moderator');
const HIDDEN = 'A prayer you can no longer see';

const api = useApi({ moderatorEmails: [MODERATOR], reminderTickMs: 0 });

type Person = { token: string; id: number };
type Cast = {
  admin: Person; moderator: Person; member: Person; former: Person; removed: Person; guestMember: Person;
  outsider: Person; guest: Person; groupId: number; code: string;
};

/** A group with every role: the former member and the guest member leave, the removed one is removed, later (see `endMemberships`). */
async function cast(): Promise<Cast> {
  const [admin, moderator, member, former, removed, guestMember, guest] = await Promise.all([
    person(api, 'Ada Admin'), person(api, 'Mo Moderator'), person(api, 'Mel Member'), person(api, 'Fay Former'),
    person(api, 'Rex Removed'), person(api, 'Guest', true), person(api, 'Guest', true),
  ]);
  const outsider = await moderatorPerson();
  const group = await createGroup(api, admin.token, { name: 'Surgery circle' });
  const code = group.invite?.code ?? '';
  for (const p of [moderator, member, former, removed, guestMember]) await join(api, p.token, code);
  ok(await api.call('PUT', `group/${group.id}/member/${moderator.id}`, { token: admin.token, body: { role: 'moderator' } }));
  return { admin, moderator, member, former, removed, guestMember, outsider, guest, groupId: group.id, code };
}

let moderatorMade: Person | undefined;
/** The community moderator (MODERATOR_EMAILS), who is in no group: one per server. */
async function moderatorPerson(): Promise<Person> {
  if (moderatorMade !== undefined) return moderatorMade;
  const r = ok(await api.call<Envelope<{ authorization: { token: string }; user: { id: number } }>>('POST', 'auth/register', {
    body: { name: 'Olga Outsider', email: MODERATOR, password: 'long-enough-pw' },
  }), 201).data;
  moderatorMade = { token: r.authorization.token, id: r.user.id };
  return moderatorMade;
}

async function endMemberships(c: Cast): Promise<void> {
  ok(await api.call('DELETE', `group/${c.groupId}/member/${c.former.id}`, { token: c.former.token }));
  ok(await api.call('DELETE', `group/${c.groupId}/member/${c.guestMember.id}`, { token: c.guestMember.token }));
  ok(await api.call('DELETE', `group/${c.groupId}/member/${c.removed.id}`, { token: c.admin.token }));
}

const FAR_TIME = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;
const input = (target: ReminderTarget): ReminderInput => ({ target, days: [0, 1, 2, 3, 4, 5, 6], time: FAR_TIME, time_zone: 'UTC', ends_on: null, enabled: true });

async function putReminder(token: string | undefined, target: ReminderTarget, status = 200): Promise<ApiReminder> {
  const r = await api.call<Envelope<ApiReminder>>('PUT', `reminders/${randomUUID()}`, { ...(token === undefined ? {} : { token }), body: input(target) });
  expect(r.status).toBe(status);
  return r.json.data;
}

type Sent = { target: PushTarget; message: PushMessage };
function recordingSender(): PushSender & { sent: Sent[] } {
  const sent: Sent[] = [];
  return { sent, send: async (target, message) => { sent.push({ target, message }); return 'sent'; } };
}

/** Everything of one person's reminders the server gives back: the route, the pull, the download, the notifications. */
async function remindersSeenBy(p: Person): Promise<string> {
  const route = ok(await api.call<Envelope<ApiReminder[]>>('GET', 'reminders', { token: p.token })).data;
  const pull = ok(await api.call<Envelope<SyncPull>>('GET', 'sync/pull', { token: p.token })).data.reminders;
  const download = (await exportUserData(api.server.handle.db, p.id)).reminders;
  const notifications = ok(await api.call<Envelope<NotificationPage>>('GET', 'notifications', { token: p.token })).data.data;
  return JSON.stringify({ route, pull, download, notifications });
}

const labelsOf = async (p: Person) => ok(await api.call<Envelope<ApiReminder[]>>('GET', 'reminders', { token: p.token })).data.map((r) => r.label);

describe('reminders quote a group\'s words only while their owner may read them (issue #49)', () => {
  it('as every role: the words while a live member, a neutral label once left, removed, or the group deleted; sent ones too', async () => {
    const c = await cast();
    const post = await api.createPost(c.admin.token, { text: `Pray for my mother ${MARK}post`, type: 'REQUEST', group_id: c.groupId });
    const list = await createList(api, c.former.token, { name: `Former's list ${MARK}list`, group_id: c.groupId, visibility: 'PUBLIC' });
    const item = await createItem(api, c.member.token, list.id, { text: `Pray for the roof ${MARK}item` });
    const targets: ReminderTarget[] = [
      { kind: 'post', post_id: post.id }, { kind: 'item', list_id: list.id, item_id: item.id },
    ];
    const holders = [c.admin, c.moderator, c.member, c.former, c.removed, c.guestMember];
    let due = '';
    for (const p of holders) for (const target of targets) due = (await putReminder(p.token, target)).next_at ?? '';
    // The list's own session, set by the member who made it.
    await putReminder(c.former.token, { kind: 'session', source: { kind: 'list', list_id: list.id } });
    // Nobody outside the group may set one (404, as the post and item are to them); no session: 401.
    for (const p of [c.outsider, c.guest]) for (const target of targets) await putReminder(p.token, target, 404);
    await putReminder(undefined, targets[0] as ReminderTarget, 401);
    for (const p of holders) expect((await labelsOf(p)).join(' ')).toContain(`${MARK}post`);

    // Sent while everyone is a member: the notifications and pushes carry the words.
    const sender = recordingSender();
    const fired = await runDueReminders(api.server.handle.db, sender, new Date(due), 'https://pray.example', api.server.app.log);
    expect(fired.filter((f) => f.userId === c.former.id).map((f) => f.label).join(' ')).toContain(`${MARK}post`);

    await endMemberships(c);
    for (const p of [c.former, c.removed, c.guestMember]) {
      const seen = await remindersSeenBy(p);
      expect(seen, 'a former, removed or guest member').not.toContain(MARK);
      expect(await labelsOf(p)).toContain(HIDDEN);
    }
    expect(await labelsOf(c.former)).toContain('A list you can no longer see');
    for (const p of [c.admin, c.moderator, c.member]) expect(await remindersSeenBy(p), 'a live member').toContain(`${MARK}post`);
    for (const p of [c.outsider, c.guest]) expect(await remindersSeenBy(p)).not.toContain(MARK);
    expect((await api.call('GET', 'reminders')).status).toBe(401);

    // The next firing: nothing is sent to whoever left; the live members' pushes read the words now.
    const next = new Date(Date.parse(due) + 86_400_000);
    const later = recordingSender();
    const firedLater = await runDueReminders(api.server.handle.db, later, next, 'https://pray.example', api.server.app.log);
    const gone = new Set([c.former.id, c.removed.id, c.guestMember.id]);
    expect(firedLater.filter((f) => gone.has(f.userId))).toEqual([]);
    expect(firedLater.filter((f) => f.userId === c.member.id).map((f) => f.label).join(' ')).toContain(`${MARK}post`);

    // The group deleted: nobody's reminder quotes it any more.
    ok(await api.call('DELETE', `group/${c.groupId}`, { token: c.admin.token }));
    for (const p of [...holders, c.outsider, c.guest]) expect(await remindersSeenBy(p)).not.toContain(MARK);
    expect(await labelsOf(c.member)).toEqual([HIDDEN, HIDDEN]);
    const afterDelete = await runDueReminders(api.server.handle.db, recordingSender(), new Date(Date.parse(due) + 2 * 86_400_000), 'https://pray.example', api.server.app.log);
    expect(JSON.stringify(afterDelete)).not.toContain(MARK);
  });

  it('the neutral label is in the owner\'s language', async () => {
    const c = await cast();
    const post = await api.createPost(c.admin.token, { text: `Ore por mim ${MARK}pt`, type: 'REQUEST', group_id: c.groupId });
    ok(await api.call('PUT', 'user/locale', { token: c.former.token, body: { locale: 'pt-BR' } }));
    await putReminder(c.former.token, { kind: 'post', post_id: post.id });
    await endMemberships(c);
    const labels = await labelsOf(c.former);
    expect(labels).toEqual(['Uma oração que você não pode mais ver']);
    expect(labels.join(' ')).not.toContain(MARK);
  });
});

describe('a report on a comment of a group list\'s item goes to the group\'s queue (issue #49)', () => {
  it('as every role: the group\'s moderators and admins review it; the community\'s moderators never see or decide it', async () => {
    const c = await cast();
    const list = await createList(api, c.member.token, { name: 'Group list', group_id: c.groupId, visibility: 'PUBLIC' });
    const item = await createItem(api, c.member.token, list.id, { text: 'Pray for the roof' });
    const comment = ok(await api.call<Envelope<{ comment: { id: number } }>>('POST', `list/${list.id}/item/${item.id}/comment`, {
      token: c.member.token, body: { comment: `Shameful words ${MARK}comment` },
    }), 201).data.comment;
    for (const p of [c.admin, c.moderator, c.former]) {
      ok(await api.call('POST', `list/${list.id}/item/${item.id}/comment/${comment.id}/report`, {
        token: p.token, body: { type: 'offensive', details: `Reporter says ${MARK}details` },
      }));
    }
    await endMemberships(c);
    // Three members' reports do not hide it by the community's threshold: the group decides.
    const comments = ok(await api.call<Envelope<{ data: { id: number; visibility: number }[] }>>('GET', `list/${list.id}/item/${item.id}/comments`, { token: c.admin.token }));
    expect(JSON.stringify(comments)).toContain(`${MARK}comment`);

    const community = ok(await api.call<Envelope<ModerationQueueResponse>>('GET', 'moderation/reports', { token: c.outsider.token })).data;
    expect(JSON.stringify(community)).not.toContain(MARK);
    const pulled = ok(await api.call<Envelope<SyncPull>>('GET', 'sync/pull', { token: c.outsider.token })).data;
    expect(JSON.stringify(pulled.moderation)).not.toContain(MARK);
    expect((await api.call('POST', `moderation/comment/${comment.id}`, { token: c.outsider.token, body: { action: 'remove' } })).status).toBe(404);

    const queueOf = (token: string | undefined) => api.call<Envelope<ModerationQueueResponse>>('GET', `group/${c.groupId}/reports`, token === undefined ? {} : { token });
    for (const p of [c.admin, c.moderator]) {
      const queue = ok(await queueOf(p.token)).data;
      expect(queue.items.data.map((i) => [i.kind, i.id, i.list_item_id])).toEqual([['comment', comment.id, item.id]]);
      expect(queue.items.data[0]?.details).toEqual([`Reporter says ${MARK}details`, `Reporter says ${MARK}details`, `Reporter says ${MARK}details`]);
    }
    const statuses: Record<string, number> = {};
    for (const [role, p] of Object.entries({ member: c.member, former: c.former, removed: c.removed, guestMember: c.guestMember, outsider: c.outsider, guest: c.guest })) {
      const r = await queueOf(p.token);
      statuses[role] = r.status;
      expect(JSON.stringify(r.json)).not.toContain(MARK);
    }
    statuses.anonymous = (await queueOf(undefined)).status;
    expect(statuses).toEqual({ member: 403, former: 404, removed: 404, guestMember: 404, outsider: 404, guest: 404, anonymous: 404 });

    const decided = ok(await api.call<Envelope<{ decision: { action: string } }>>('POST', `group/${c.groupId}/moderation/comment/${comment.id}`, {
      token: c.moderator.token, body: { action: 'keep' },
    }));
    expect(decided.data.decision.action).toBe('keep');
    expect(ok(await queueOf(c.admin.token)).data.items.data).toEqual([]);
  });
});

const statsOf = async (p: Person) => ok(await api.call<Envelope<{ statistics: ApiStatistics }>>('GET', 'user/my-statistics', { token: p.token })).data.statistics;

describe('statistics count a group\'s prayers only while one is its member (issue #49)', () => {
  it('as every role: prayers received on a group post stop counting once its author left or was removed; one\'s own prayers stay', async () => {
    const c = await cast();
    const authors = [c.former, c.removed, c.guestMember, c.member];
    const posts = new Map<number, number>();
    for (const p of authors) posts.set(p.id, (await api.createPost(p.token, { text: `Exams ${MARK}`, type: 'REQUEST', group_id: c.groupId })).id);
    const community = await api.createPost(c.former.token, { text: 'A community request', type: 'REQUEST' });
    for (const postId of posts.values()) ok(await api.call('POST', `post/${postId}/pray`, { token: c.admin.token }));
    ok(await api.call('POST', `post/${community.id}/pray`, { token: c.admin.token }));
    // The former member prayed in the group too: their own prayer stays theirs.
    ok(await api.call('POST', `post/${posts.get(c.member.id) ?? 0}/pray`, { token: c.former.token }));
    const before = await statsOf(c.former);
    expect(before.prayers_received).toBe(2);
    expect(before.total_prayers).toBe(1);

    await endMemberships(c);
    // Members keep praying in the group after they left.
    for (const p of [c.moderator, c.member]) {
      for (const [author, postId] of posts) if (author !== p.id) ok(await api.call('POST', `post/${postId}/pray`, { token: p.token }));
    }
    for (const p of [c.former, c.removed, c.guestMember]) {
      const stats = await statsOf(p);
      expect(stats.prayers_received, 'only what they may still see').toBe(p === c.former ? 1 : 0);
    }
    expect((await statsOf(c.former)).total_prayers).toBe(1);
    expect((await statsOf(c.member)).prayers_received, "admin, former (before leaving), moderator").toBe(3);
    for (const p of [c.outsider, c.guest]) expect((await statsOf(p)).prayers_received).toBe(0);
    expect((await api.call('GET', 'user/my-statistics')).status).toBe(401);

    ok(await api.call('DELETE', `group/${c.groupId}`, { token: c.admin.token }));
    expect((await statsOf(c.member)).prayers_received).toBe(0);
  });
});
