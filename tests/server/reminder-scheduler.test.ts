// Issue #13 point 2 acceptance: a reminder due at a time is sent exactly once, also with two API
// processes on one database, and not at all after it is deleted (server/push/reminder-scheduler.ts).
// The push service is remote, so sends are recorded by a PushSender test double, or by the local
// fake FCM (notifications-fake-fcm.ts) behind the apps' own sender. The two-instance test runs on
// PostgreSQL (npm test's PostgreSQL stage) with two connection pools on one test database; PGlite
// has a single connection per database, so on PGlite the two apps share it (their ticks still
// interleave their transactions).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Envelope } from '../../common/contract';
import type { ApiReminder, ReminderInput } from '../../common/reminders-contract';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type DbHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { REMINDER_CLAIM_BATCH, runDueReminders } from '../../server/push/reminder-scheduler';
import type { PushMessage } from '../../server/push/fcm';
import type { PushSender, PushTarget } from '../../server/push/sender';
import { openTestDb } from '../helpers/test-db';
import { createScratchDatabase } from '../helpers/scratch-database';
import { waitUntil } from '../helpers/wait-until';
import { lastMailTo, linkPath } from './accounts-support';
import { startFakeFcm } from './notifications-fake-fcm';

type Sent = { target: PushTarget; message: PushMessage };

function recordingSender(): PushSender & { sent: Sent[] } {
  const sent: Sent[] = [];
  return { sent, send: async (target, message) => { sent.push({ target, message }); return 'sent'; } };
}

const FAR_TIME = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;

function input(overrides: Partial<ReminderInput> = {}): ReminderInput {
  return { target: { kind: 'session', source: { kind: 'quick' } }, days: [0, 1, 2, 3, 4, 5, 6], time: FAR_TIME, time_zone: 'UTC', ends_on: null, enabled: true, ...overrides };
}

/** One app on `db`, driven through inject (no port): register, a device, reminders. */
function client(app: FastifyInstance) {
  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown): Promise<T> {
    const r = await app.inject({ method, url: `/api/v1/${url}`, ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }), ...(body === undefined ? {} : { payload: body as object }) });
    if (r.statusCode >= 300) throw new Error(`${method} ${url} answered ${r.statusCode}: ${r.body}`);
    return (r.json<Envelope<T>>()).data;
  }
  return {
    call,
    async member(name: string, language = 'en-US') {
      const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomBytes(4).toString('hex')}@example.test`;
      const auth = await call<AuthResponse>('POST', 'auth/register', undefined, { name, email, password: 'long-enough-pw', language });
      const token = auth.authorization.token;
      const device = `device-${randomUUID()}`;
      await call('PUT', 'notifications/token', token, { token: device, platform: 'web', token_type: 'fid' });
      return { token, id: auth.user.id, device, email };
    },
    reminder: (token: string, body: ReminderInput, id = randomUUID()) => call<ApiReminder>('PUT', `reminders/${id}`, token, body),
  };
}

type Apps = { handles: DbHandle[]; apps: FastifyInstance[]; dataDir: string; dispose(): Promise<void> };

/** Two apps on one database: two pools on PostgreSQL, the one PGlite connection otherwise. */
async function startTwoApps(overrides: Parameters<typeof loadConfig>[1]): Promise<Apps> {
  const admin = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'prayer-reminders-'));
  let handles: DbHandle[];
  let dropDb: () => Promise<unknown> = async () => undefined;
  if (admin !== undefined && admin !== '') {
    const database = await createScratchDatabase(admin, 'prayer_test');
    handles = [await createDb(database.url), await createDb(database.url)];
    dropDb = () => database.drop();
  } else {
    const { handle, dispose } = await openTestDb();
    handles = [handle, handle];
    dropDb = async () => { await dispose(); };
  }
  const [first] = handles;
  if (first === undefined) throw new Error('no database');
  await migrate(first);
  await seed(first.db);
  const config = loadConfig({}, { dataDir, logger: false, rateLimit: { enabled: false, max: 0, timeWindowMs: 0 }, ...overrides });
  const apps = [await buildApp({ db: first.db, config }), await buildApp({ db: (handles[1] ?? first).db, config })];
  return {
    handles,
    apps,
    dataDir,
    async dispose() {
      for (const app of apps) await app.close();
      if (handles[0] !== handles[1]) for (const h of handles) await h.close();
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function nextAtOf(handle: DbHandle, id: string): Promise<Date | null> {
  const [row] = await handle.withSession((s) => s.rows<{ next_at: Date | string | null }>('SELECT next_at FROM reminders WHERE id = $1', [id]));
  return row?.next_at == null ? null : new Date(row.next_at);
}

describe('reminder scheduler, one process', () => {
  let apps: Apps;
  let api: ReturnType<typeof client>;
  let db: DbHandle;
  const log = () => (apps.apps[0] as FastifyInstance).log;

  beforeAll(async () => {
    apps = await startTwoApps({ reminderTickMs: 0, publicUrl: 'https://pray.example' });
    api = client(apps.apps[0] as FastifyInstance);
    db = apps.handles[0] as DbHandle;
  });
  afterAll(async () => apps.dispose());

  it('sends a due reminder once, in the owner\'s language, and moves next_at to the following firing', async () => {
    const ana = await api.member('Ana Lembrete', 'pt-BR');
    const reminder = await api.reminder(ana.token, input({ target: { kind: 'session', source: { kind: 'biblical' } } }));
    const due = new Date(reminder.next_at ?? '');
    const sender = recordingSender();
    expect(await runDueReminders(db.db, sender, new Date(due.getTime() - 1000), 'https://pray.example', log())).toEqual([]);
    expect(sender.sent).toEqual([]);

    const fired = await runDueReminders(db.db, sender, due, 'https://pray.example', log());
    expect(fired.map((f) => f.id)).toEqual([reminder.id]);
    expect(sender.sent).toEqual([{
      target: expect.objectContaining({ token: ana.device }),
      message: { title: 'Hora de orar', body: 'Orações bíblicas', url: '/session?source=biblical', link: 'https://pray.example/session?source=biblical' },
    }]);
    expect((await nextAtOf(db, reminder.id))?.toISOString()).toBe(new Date(due.getTime() + 86_400_000).toISOString());
    expect(await runDueReminders(db.db, sender, due, 'https://pray.example', log())).toEqual([]);
    expect(sender.sent).toHaveLength(1);
  });

  it('fires a far overdue reminder once, not once per missed day; never a deleted or disabled one', async () => {
    const bo = await api.member('Bo Overdue');
    const overdue = await api.reminder(bo.token, input({ target: { kind: 'session', source: { kind: 'bookmarks' } } }));
    const deleted = await api.reminder(bo.token, input());
    await api.call('DELETE', `reminders/${deleted.id}`, bo.token);
    const disabled = await api.reminder(bo.token, input({ enabled: false }));
    const sender = recordingSender();
    const tenDaysLate = new Date(new Date(overdue.next_at ?? '').getTime() + 10 * 86_400_000 + 60_000);
    const fired = await runDueReminders(db.db, sender, tenDaysLate, 'https://pray.example', log());
    expect(fired.filter((f) => f.userId === bo.id).map((f) => f.id)).toEqual([overdue.id]);
    expect(sender.sent.filter((s) => s.target.token === bo.device).map((s) => s.message.url)).toEqual(['/session?source=bookmarks']);
    const next = await nextAtOf(db, overdue.id);
    expect(next?.getTime()).toBeGreaterThan(tenDaysLate.getTime());
    expect(next?.getTime()).toBeLessThanOrEqual(tenDaysLate.getTime() + 86_400_000);
    expect(await nextAtOf(db, disabled.id)).toBeNull();
  });

  it('a reminder whose post was deleted since is not sent, and stops coming due', async () => {
    const cy = await api.member('Cy Poster');
    const post = await api.call<{ post: { id: number } }>('POST', 'post', cy.token, { text: 'Pray for the harvest', type: 'REQUEST' });
    const reminder = await api.reminder(cy.token, input({ target: { kind: 'post', post_id: post.post.id } }));
    await api.call('DELETE', `post/${post.post.id}`, cy.token);
    const sender = recordingSender();
    const fired = await runDueReminders(db.db, sender, new Date(reminder.next_at ?? ''), 'https://pray.example', log());
    expect(fired.some((f) => f.id === reminder.id)).toBe(false);
    expect(sender.sent.some((s) => s.target.token === cy.device)).toBe(false);
    expect((await nextAtOf(db, reminder.id))?.getTime()).toBeGreaterThan(new Date(reminder.next_at ?? '').getTime());
  });

  it('deleting the account removes its reminders and their notifications', async () => {
    const dan = await api.member('Dan Leaving');
    const reminder = await api.reminder(dan.token, input());
    await runDueReminders(db.db, null, new Date(reminder.next_at ?? ''), 'https://pray.example', log());
    const rows = (table: string, column: string) => db.withSession((s) => s.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [dan.id]));
    expect((await rows('notifications', 'user_id'))[0]?.n).toBe(1);
    // Deleted as the member does it: the mailed link, then its confirmation (docs/product.md §2).
    await api.call('POST', 'user/delete-request', dan.token);
    const [, , , guid = '', userId = '', hash = '', code = ''] = linkPath(lastMailTo(apps.dataDir, dan.email), '/profile/delete/').split('/');
    await api.call('POST', 'user/delete-confirm', undefined, { guid, user_id: Number(userId), hash, code });
    expect((await rows('reminders', 'user_id'))[0]?.n).toBe(0);
    expect((await rows('notifications', 'user_id'))[0]?.n).toBe(0);
  });
});

describe('reminder scheduler, two app instances on one database', () => {
  it('concurrent runs from two pools fire each due reminder exactly once', async () => {
    const apps = await startTwoApps({ reminderTickMs: 0 });
    try {
      const api = client(apps.apps[0] as FastifyInstance);
      const first = await api.member('Pool One');
      const second = await api.member('Pool Two');
      const count = REMINDER_CLAIM_BATCH + 30; // more than one batch
      // Rows written straight to the table (the routes are tested elsewhere): all due a minute ago.
      const [a, b] = apps.handles as [DbHandle, DbHandle];
      const ids = (await a.withSession((s) => s.rows<{ id: string }>(
        `INSERT INTO reminders (id, user_id, target_kind, session_source, days, time_of_day, time_zone, label, url, next_at)
         SELECT gen_random_uuid(), CASE WHEN i % 2 = 0 THEN $1::int ELSE $2::int END, 'session', 'quick', 127, '08:00', 'UTC',
                'Quick session ' || i, '/session?source=quick', now() - interval '1 minute'
         FROM generate_series(1, $3::int) AS i RETURNING id`, [first.id, second.id, count],
      ))).map((r) => r.id);
      const sender = recordingSender();
      const log = (apps.apps[0] as FastifyInstance).log;
      const now = new Date();
      const runs = await Promise.all([a, b, a, b].map((h) => runDueReminders(h.db, sender, now, 'https://pray.example', log)));
      const fired = runs.flat().map((f) => f.id);
      expect(fired.sort()).toEqual([...ids].sort());
      expect(sender.sent).toHaveLength(count);
    } finally {
      await apps.dispose();
    }
  });

  it('two apps ticking at the same time send each due reminder once, and a deleted one never (issue #13 acceptance)', async () => {
    const fcm = await startFakeFcm();
    const apps = await startTwoApps({ reminderTickMs: 20, push: fcm.config });
    try {
      const [one, two] = apps.apps.map(client) as [ReturnType<typeof client>, ReturnType<typeof client>];
      const dee = await one.member('Dee Ticks');
      const eve = await two.member('Eve Ticks');
      const lists: number[] = [];
      for (const [i, who] of [dee, eve, dee, eve, dee, eve].entries()) {
        const list = await one.call<{ list: { id: number } }>('POST', 'list', who.token, { name: `Tick list ${i}`, visibility: 'PRIVATE' });
        lists.push(list.list.id);
        await (i % 2 === 0 ? one : two).reminder(who.token, input({ target: { kind: 'session', source: { kind: 'list', list_id: list.list.id } } }));
      }
      const gone = await one.reminder(dee.token, input());
      await two.call('DELETE', `reminders/${gone.id}`, dee.token);
      const [handle] = apps.handles as [DbHandle];
      await handle.withSession((s) => s.rows("UPDATE reminders SET next_at = now() - interval '1 second'"));

      await waitUntil(() => fcm.sent.length >= lists.length, { timeoutMs: 10_000, stepMs: 25 });
      await new Promise((r) => setTimeout(r, 300)); // more ticks of both apps: nothing more may be sent
      const bodies = fcm.sent.map((push) => JSON.stringify(push.body));
      expect(bodies).toHaveLength(lists.length);
      for (const id of lists) expect(bodies.filter((b) => b.includes(`/session?list=${id}"`))).toHaveLength(1);
      expect(bodies.filter((b) => b.includes(dee.device))).toHaveLength(3);
      expect(bodies.filter((b) => b.includes(eve.device))).toHaveLength(3);
      const [row] = await handle.withSession((s) => s.rows<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE kind = 'reminder'"));
      expect(row?.n).toBe(lists.length);
    } finally {
      await apps.dispose();
      await fcm.close();
    }
  });
});
