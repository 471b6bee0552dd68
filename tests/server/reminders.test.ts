// Issue #13 point 2: prayer reminders on the server. GET/PUT/DELETE reminders for members and
// guests, validation at the edge with stable codes, what a reminder may open (visibility), the
// outbox path (POST sync/push with a replayed Idempotency-Key applies once), and a sent reminder
// in GET notifications. The scheduler itself is tested in reminder-scheduler.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Envelope } from '../../common/contract';
import type { NotificationPage } from '../../common/notifications-contract';
import { REMINDERS_MAX, type ApiReminder, type ReminderInput } from '../../common/reminders-contract';
import type { PushResponse } from '../../common/sync-contract';
import { runDueReminders } from '../../server/push/reminder-scheduler';
import type { PushSender } from '../../server/push/sender';
import { useApi } from './api';
import { createItem, createList } from './lists-support';

const api = useApi();
let member: string;
let other: string;
let guest: string;
beforeAll(async () => {
  member = (await api.register('Reminder Rita')).authorization.token;
  other = (await api.register('Other Otto')).authorization.token;
  guest = (await api.guest()).authorization.token;
});

/** A time of day about twelve hours away in UTC, so the app's own scheduler tick never meets it during a test. */
const FAR_TIME = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;

function input(overrides: Partial<ReminderInput> = {}): ReminderInput {
  return { target: { kind: 'session', source: { kind: 'quick' } }, days: [1, 3, 5], time: FAR_TIME, time_zone: 'UTC', ends_on: null, enabled: true, ...overrides };
}

async function put(token: string, id: string, body: unknown) {
  return api.call<Envelope<ApiReminder> & ApiError>('PUT', `reminders/${id}`, { token, body });
}

async function putOk(token: string, body: ReminderInput, id = randomUUID()): Promise<ApiReminder> {
  const r = await put(token, id, body);
  if (r.status !== 200) throw new Error(`PUT reminders answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json.data;
}

async function mine(token: string): Promise<ApiReminder[]> {
  const r = await api.call<Envelope<ApiReminder[]>>('GET', 'reminders', { token });
  expect(r.status).toBe(200);
  return r.json.data;
}

function today(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('reminders', () => {
  it('creates, lists, replaces and deletes a member\'s reminder; the delete is idempotent', async () => {
    expect((await api.call('GET', 'reminders')).status).toBe(401);
    const id = randomUUID();
    const created = await putOk(member, input({ days: [5, 1, 3] }), id);
    expect(created).toMatchObject({
      id, target: { kind: 'session', source: { kind: 'quick' } }, days: [1, 3, 5], time: FAR_TIME, time_zone: 'UTC',
      ends_on: null, enabled: true, label: 'Quick session', url: '/session?source=quick',
    });
    const next = new Date(created.next_at ?? '');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect([1, 3, 5]).toContain(next.getUTCDay());
    expect(next.toISOString().slice(11, 16)).toBe(FAR_TIME);
    expect((await mine(member)).map((r) => r.id)).toEqual([id]);

    const replaced = await putOk(member, input({ days: [0], time: '07:30', time_zone: 'Asia/Kolkata', enabled: false }), id);
    expect(replaced).toMatchObject({ id, days: [0], time: '07:30', time_zone: 'Asia/Kolkata', enabled: false, next_at: null, created_at: created.created_at });
    expect(await mine(member)).toEqual([replaced]);
    expect(await mine(other)).toEqual([]);

    // Another account cannot replace or delete it.
    expect((await put(other, id, input())).json).toMatchObject({ status: 404, code: 'reminder.not_found' });
    expect((await api.call('DELETE', `reminders/${id}`, { token: other })).status).toBe(200);
    expect(await mine(member)).toHaveLength(1);

    const deleted = await api.call<Envelope<{ id: string }>>('DELETE', `reminders/${id}`, { token: member });
    expect(deleted.status).toBe(200);
    expect(deleted.json.data).toEqual({ id });
    expect(await mine(member)).toEqual([]);
    expect((await api.call('DELETE', `reminders/${id}`, { token: member })).status).toBe(200);
  });

  it('refuses bad schedules with codes per field', async () => {
    const bad = await put(member, randomUUID(), { ...input(), days: [], time: '24:00', time_zone: 'Mars/Olympus', ends_on: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldCodes).toMatchObject({
      days: [{ code: 'validation.required' }], time: [{ code: 'validation.format' }],
      time_zone: [{ code: 'validation.invalid' }], ends_on: [{ code: 'validation.format' }],
    });
    const repeated = await put(member, randomUUID(), { ...input(), days: [1, 1], target: { kind: 'nothing' } });
    expect(Object.keys(repeated.json.errors ?? {}).sort()).toEqual(['days', 'target.kind']);
    expect((await put(member, 'not-a-uuid', input())).json.fieldCodes).toEqual({ id: [{ code: 'validation.format' }] });
    const missing = await put(member, randomUUID(), {});
    expect(missing.json.fieldCodes?.['enabled']).toEqual([{ code: 'validation.required' }]);

    const past = await put(member, randomUUID(), input({ ends_on: today(-2) }));
    expect(past.json).toMatchObject({ status: 422, code: 'validation.past' });
    const far = await put(member, randomUUID(), input({ ends_on: today(400) }));
    expect(far.json).toMatchObject({ status: 422, code: 'validation.too_far', params: { max: 365 } });
    const daily = await putOk(member, input({ days: [0, 1, 2, 3, 4, 5, 6], ends_on: today(30) }));
    expect(daily.ends_on).toBe(today(30));
    expect(await mine(member)).toHaveLength(1);
    await api.call('DELETE', `reminders/${daily.id}`, { token: member });
  });

  it('opens only what the caller may open: visible posts, items of visible lists, their own lists', async () => {
    const post = await api.createPost(other, { text: 'Pray for my exams next week, please', type: 'REQUEST' });
    const forPost = await putOk(member, input({ target: { kind: 'post', post_id: post.id } }));
    expect(forPost).toMatchObject({ label: 'Pray for my exams next week, please', url: `/community/post/${post.id}` });

    const gone = await api.createPost(other, { text: 'Soon deleted', type: 'REQUEST' });
    expect((await api.call('DELETE', `post/${gone.id}`, { token: other })).status).toBe(200);
    expect((await put(member, randomUUID(), input({ target: { kind: 'post', post_id: gone.id } }))).json).toMatchObject({ status: 404, code: 'post.not_found' });

    const publicList = await createList(api, other, { name: 'Missions' });
    const privateList = await createList(api, other, { name: 'Family', visibility: 'PRIVATE' });
    const publicItem = await createItem(api, other, publicList.id, { title: 'Team in Peru', text: 'Safety on the road' });
    const privateItem = await createItem(api, other, privateList.id);
    const forItem = await putOk(guest, input({ target: { kind: 'item', list_id: publicList.id, item_id: publicItem.id } }));
    expect(forItem).toMatchObject({ label: 'Team in Peru', url: `/lists/${publicList.id}/item/${publicItem.id}` });
    expect((await put(member, randomUUID(), input({ target: { kind: 'item', list_id: privateList.id, item_id: privateItem.id } }))).json)
      .toMatchObject({ status: 404, code: 'item.not_found' });

    const session = (listId: number) => input({ target: { kind: 'session', source: { kind: 'list', list_id: listId } } });
    expect((await put(member, randomUUID(), session(publicList.id))).json).toMatchObject({ status: 403, code: 'list.not_owner' });
    expect((await put(member, randomUUID(), session(privateList.id))).json).toMatchObject({ status: 404, code: 'list.not_found' });
    const own = await putOk(other, session(privateList.id));
    expect(own).toMatchObject({ label: 'Family', url: `/session?list=${privateList.id}` });
    expect((await putOk(other, input({ target: { kind: 'session', source: { kind: 'my-prayers' } } }))).url).toBe('/session?source=my-prayers');

    // Deleting the list takes its reminders with it (ON DELETE CASCADE).
    expect((await api.call('DELETE', `list/${privateList.id}`, { token: other })).status).toBe(200);
    expect((await mine(other)).map((r) => r.url)).toEqual(['/session?source=my-prayers']);
  });

  it('holds at most REMINDERS_MAX per account; replacing one is not a new one', async () => {
    const token = (await api.register('Many Reminders')).authorization.token;
    const ids: string[] = [];
    for (let i = 0; i < REMINDERS_MAX; i += 1) ids.push((await putOk(token, input())).id);
    const over = await put(token, randomUUID(), input());
    expect(over.json).toMatchObject({ status: 422, code: 'reminder.limit_reached', params: { max: REMINDERS_MAX } });
    expect((await put(token, ids[0] ?? '', input({ time: '06:00' }))).status).toBe(200);
    expect(await mine(token)).toHaveLength(REMINDERS_MAX);
  });

  it('arrive through POST sync/push from the outbox, applied once when the key is replayed', async () => {
    const id = randomUUID();
    const mutations = [
      { key: `reminder-put-${id}`, method: 'PUT', path: `reminders/${id}`, body: input({ target: { kind: 'session', source: { kind: 'bookmarks' } } }) },
    ];
    const first = await api.call<Envelope<PushResponse>>('POST', 'sync/push', { token: guest, body: { mutations } });
    expect(first.status).toBe(200);
    expect(first.json.data.results[0]).toMatchObject({ status: 200, replayed: false, body: { data: { id, url: '/session?source=bookmarks' } } });
    const stored = (await mine(guest)).find((r) => r.id === id);
    // The same key again (the device never saw the answer), after a change made since: the stored answer, nothing applied.
    await putOk(guest, input({ target: { kind: 'session', source: { kind: 'biblical' } } }), id);
    const again = await api.call<Envelope<PushResponse>>('POST', 'sync/push', { token: guest, body: { mutations } });
    expect(again.json.data.results[0]).toMatchObject({ status: 200, replayed: true, body: first.json.data.results[0]?.body });
    const after = (await mine(guest)).find((r) => r.id === id);
    expect(after?.url).toBe('/session?source=biblical');
    expect(after?.updated_at).not.toBe(stored?.updated_at);

    const remove = [{ key: `reminder-delete-${id}`, method: 'DELETE', path: `reminders/${id}` }];
    const deleted = await api.call<Envelope<PushResponse>>('POST', 'sync/push', { token: guest, body: { mutations: remove } });
    expect(deleted.json.data.results[0]).toMatchObject({ status: 200, body: { data: { id } } });
    expect((await mine(guest)).some((r) => r.id === id)).toBe(false);
  });

  it('a guest who registers keeps their reminders (the guest row becomes the member)', async () => {
    const visitor = (await api.guest()).authorization.token;
    const reminder = await putOk(visitor, input({ target: { kind: 'session', source: { kind: 'my-prayers' } } }));
    const body = { name: 'Former Guest', email: `reminders-${randomUUID()}@example.test`, password: 'long-enough-pw' };
    const registered = await api.call<Envelope<{ authorization: { token: string } }>>('POST', 'auth/register', { token: visitor, body });
    expect(registered.status).toBe(201);
    expect(await mine(registered.json.data.authorization.token)).toEqual([reminder]);
  });

  it('a sent reminder shows in GET notifications with its label and address', async () => {
    const nora = await api.register('Notified Nora');
    const token = nora.authorization.token;
    const reminder = await putOk(token, input({ target: { kind: 'session', source: { kind: 'biblical' } } }));
    const noPush: PushSender | null = null;
    const fired = await runDueReminders(api.server.handle.db, noPush, new Date(reminder.next_at ?? ''), 'http://app.test', api.server.app.log);
    expect(fired.filter((f) => f.userId === nora.user.id).map((f) => f.id)).toEqual([reminder.id]);
    const page = await api.call<Envelope<NotificationPage>>('GET', 'notifications', { token });
    expect(page.json.data.unread_count).toBe(1);
    expect(page.json.data.data).toEqual([{
      id: expect.any(Number), kind: 'reminder', reminder_id: reminder.id, label: 'Biblical prayers', url: '/session?source=biblical',
      created_at: reminder.next_at, updated_at: reminder.next_at, read_at: null,
    }]);
    const id = page.json.data.data[0]?.id ?? 0;
    const read = await api.call<Envelope<{ unread_count: number }>>('POST', `notifications/${id}/read`, { token });
    expect(read.json.data.unread_count).toBe(0);
  });
});
