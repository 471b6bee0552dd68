// Issue #13 point 2, client side against the real server: reminders are set, switched off and
// deleted local first (listed at once, offline too), reach the server through the outbox, survive
// a pull while they wait, and a refusal rolls the row back where the user sees it.
import { describe, expect, it } from 'vitest';
import type { PostResponse } from '../../common/contract';
import type { ReminderInput, RemindersResponse } from '../../common/reminders-contract';
import { createRequest, deleteReminder, setReminder, setReminderEnabled } from '../../src/commands';
import { dailyForDaysSchedule } from '../../src/commands/reminder-schedule';
import { db } from '../../src/model/db';
import { readReminders } from '../../src/db/reminders-reads';
import { drainOutbox } from '../../worker/drain';
import { pullReminders } from '../../worker/pull-reminders';
import { direct, sentMutations, useHarness } from './support';

const h = useHarness();

const QUICK: ReminderInput = { target: { kind: 'session', source: { kind: 'quick' } }, days: [1, 3, 5], time: '07:30', time_zone: 'America/Sao_Paulo', ends_on: null, enabled: true };

function serverReminders(): Promise<RemindersResponse> {
  return direct<RemindersResponse>(h, { path: 'reminders' });
}

async function onlyShown() {
  const shown = await readReminders();
  expect(shown).toHaveLength(1);
  const [first] = shown;
  if (!first) throw new Error('no reminder shown');
  return first;
}

describe('reminders on the device', () => {
  it('a reminder set offline is listed as waiting, kept through a pull, and reaches the server once online', async () => {
    h.setFault(() => 'offline');
    const id = await setReminder({ input: QUICK, label: 'A quick session' });
    expect(await onlyShown()).toMatchObject({ id, days: [1, 3, 5], time: '07:30', isWaiting: true });
    expect((await onlyShown()).nextAt).not.toBeNull();
    await drainOutbox(h.api);
    expect(await db.outbox.count()).toBe(1);

    h.setFault(() => 'pass');
    await pullReminders(h.api); // the server has none yet: the waiting change stays on top
    expect(await onlyShown()).toMatchObject({ id, isWaiting: true });
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);
    const [onServer] = await serverReminders();
    expect(onServer).toMatchObject({ id, days: [1, 3, 5], time: '07:30', time_zone: 'America/Sao_Paulo', enabled: true, target: QUICK.target });
    expect(onServer?.url).toContain('/session');
    expect(await onlyShown()).toMatchObject({ id, isWaiting: false });
  });

  it('switching off and deleting go through the outbox; deleting one never sent sends nothing', async () => {
    const id = await setReminder({ input: QUICK, label: 'A quick session' });
    await drainOutbox(h.api);
    await setReminderEnabled(await onlyShown(), false);
    expect(await onlyShown()).toMatchObject({ enabled: false, nextAt: null, isWaiting: true });
    await drainOutbox(h.api);
    expect((await serverReminders())[0]).toMatchObject({ id, enabled: false, next_at: null });

    await deleteReminder(id);
    expect(await readReminders()).toEqual([]);
    await drainOutbox(h.api);
    expect(await serverReminders()).toEqual([]);
    expect(await db.reminders.count()).toBe(0);

    h.calls.length = 0;
    h.setFault(() => 'offline');
    const unsent = await setReminder({ input: QUICK, label: 'A quick session' });
    await deleteReminder(unsent);
    expect(await db.outbox.count()).toBe(0);
    expect(await readReminders()).toEqual([]);
    h.setFault(() => 'pass');
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(sentMutations(h.calls)).toEqual([]);
  });

  it('a refused reminder goes from the list and is recorded as refused', async () => {
    const input: ReminderInput = { ...QUICK, target: { kind: 'post', post_id: 2_000_000_000 } };
    await setReminder({ input, label: 'A post that does not exist' });
    expect(await onlyShown()).toMatchObject({ isWaiting: true });
    await drainOutbox(h.api);
    expect(await readReminders()).toEqual([]);
    const [failed] = await db.failed.toArray();
    expect(failed).toMatchObject({ op: 'reminder.put' });
    expect(await serverReminders()).toEqual([]);
  });

  it('a refused change to a reminder the server has shows the server copy again', async () => {
    const id = await setReminder({ input: QUICK, label: 'A quick session' });
    await drainOutbox(h.api);
    // The server's own answer is replaced by a refusal, as a rule it has and this device does not know would give.
    const refusal = { status: 422, body: { message: 'refused for the test' } };
    h.setItemFault((item) => (item.method === 'PUT' ? refusal : 'pass'));
    h.setFault((call) => (call.method === 'PUT' ? refusal : 'pass'));
    await setReminder({ id, input: { ...QUICK, time: '21:00' }, label: 'A quick session' });
    expect(await onlyShown()).toMatchObject({ time: '21:00', isWaiting: true });
    await drainOutbox(h.api);
    expect(await onlyShown()).toMatchObject({ id, time: '07:30', isWaiting: false });
  });

  it('a reminder for a request written offline waits for it and names its real id', async () => {
    h.setFault(() => 'offline');
    const { id: tempId } = await createRequest({ text: 'Pray for my sister’s surgery on Friday.', type: 'REQUEST', is_anonymous: false });
    expect(tempId).toBeLessThan(0);
    const daily = dailyForDaysSchedule(7, '07:30', 'America/Sao_Paulo', Date.now());
    const id = await setReminder({ input: { ...daily, enabled: true, target: { kind: 'post', post_id: tempId } }, label: 'Pray for my sister' });
    h.setFault(() => 'pass');
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);
    const [onServer] = await serverReminders();
    if (onServer?.target.kind !== 'post') throw new Error('no post reminder on the server');
    expect(onServer.id).toBe(id);
    expect(onServer.target.post_id).toBeGreaterThan(0);
    const post = await direct<PostResponse>(h, { path: `post/${onServer.target.post_id}` });
    expect(post.post.text).toBe('Pray for my sister’s surgery on Friday.');
    expect(onServer.url).toBe(`/community/post/${onServer.target.post_id}`);
    expect(onServer.ends_on).toBe(daily.ends_on);
  });
});
