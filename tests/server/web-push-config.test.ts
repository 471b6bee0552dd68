// Issue #13 point 1: the server's VAPID keys (generated into DATA_DIR once and kept, in memory for
// memory:// without DATA_DIR, the env's pair first), the provider the page is told about, and the
// checks on a Web Push registration (PUT notifications/token with platform 'webpush').
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { PushConfigResponse } from '../../common/push-config';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { pushTokens } from '../../server/db/schema/accounts';
import { loadWebPushConfig, VAPID_FILE, vapidKeys } from '../../server/push/vapid';
import { openTestDb } from '../helpers/test-db';
import { startApi, useApi, type Api } from './api';
import { startFakeFcm } from './notifications-fake-fcm';
import { browserSubscription } from './web-push-service';

const accounts = { publicUrl: 'http://localhost:8080', mail: { from: 'Prayer <no-reply@prayer.local>' } };
const pair = webpush.generateVAPIDKeys();

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'vapid-'));
}

async function pushConfig(api: Api): Promise<PushConfigResponse> {
  const r = await api.call<Envelope<PushConfigResponse>>('GET', 'notifications/push-config');
  expect(r.status).toBe(200);
  return r.json.data;
}

describe('loadWebPushConfig', () => {
  it('takes the env pair and subject; refuses half a pair, a malformed key or subject at start', () => {
    const env = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:admin@example.org' };
    expect(loadWebPushConfig(env, accounts)).toEqual({ keys: pair, subject: 'mailto:admin@example.org', persist: true });
    expect(() => loadWebPushConfig({ VAPID_PUBLIC_KEY: pair.publicKey }, accounts)).toThrow(/both/);
    expect(() => loadWebPushConfig({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.publicKey }, accounts)).toThrow(/key pair/);
    expect(() => loadWebPushConfig({ VAPID_SUBJECT: 'http://example.org' }, accounts)).toThrow(/VAPID_SUBJECT/);
  });

  it('defaults the subject to an https PUBLIC_URL, else to MAIL_FROM\'s address', () => {
    expect(loadWebPushConfig({}, { ...accounts, publicUrl: 'https://pray.example.org' }).subject).toBe('https://pray.example.org');
    expect(loadWebPushConfig({}, accounts).subject).toBe('mailto:no-reply@prayer.local');
    expect(loadWebPushConfig({}, { ...accounts, publicUrl: 'https://localhost:8443' }).subject).toBe('mailto:no-reply@prayer.local');
  });

  it('keeps generated keys in memory only for memory:// without DATA_DIR', () => {
    expect(loadWebPushConfig({ DATABASE_URL: 'memory://' }, accounts).persist).toBe(false);
    expect(loadWebPushConfig({ DATABASE_URL: 'memory://', DATA_DIR: '/srv/prayer' }, accounts).persist).toBe(true);
    expect(loadWebPushConfig({}, accounts).persist).toBe(true);
    const memory = { webPush: loadWebPushConfig({ DATABASE_URL: 'memory://' }, accounts), dataDir: '/nonexistent/never-written' };
    expect(vapidKeys(memory)).toEqual(vapidKeys(memory));
  });
});

describe('VAPID keys across starts', () => {
  it('are generated into DATA_DIR (0600) on the first start and read back on the next', async () => {
    const dataDir = tempDir();
    try {
      const first = await startApi({ config: { dataDir } });
      const key = (await pushConfig(first)).vapid_public_key;
      await first.close();
      const file = join(dataDir, VAPID_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
      expect(stored.publicKey).toBe(key);

      const second = await startApi({ config: { dataDir } });
      expect((await pushConfig(second)).vapid_public_key).toBe(key);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the env pair wins over a generated file', async () => {
    const dataDir = tempDir();
    const { handle, dispose } = await openTestDb();
    try {
      const generated = vapidKeys({ webPush: loadWebPushConfig({}, accounts), dataDir });
      const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }, { dataDir, logger: false });
      const app = await buildApp({ db: handle.db, config });
      const r = await app.inject({ method: 'GET', url: '/api/v1/notifications/push-config' });
      await app.close();
      expect(r.json()).toEqual({ data: { provider: 'webpush', vapid_public_key: pair.publicKey } });
      expect(pair.publicKey).not.toBe(generated.publicKey);
    } finally {
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('with FCM configured the page is told to use Firebase, and no key is generated', async () => {
    const fcm = await startFakeFcm();
    const dataDir = tempDir();
    try {
      const api = await startApi({ push: fcm.config, config: { dataDir } });
      expect(await pushConfig(api)).toEqual({ provider: 'fcm', vapid_public_key: null });
      await api.close();
      expect(() => statSync(join(dataDir, VAPID_FILE))).toThrow();
    } finally {
      await fcm.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PUT notifications/token for a Web Push subscription', () => {
  const api = useApi();
  let token: string;
  beforeAll(async () => {
    token = (await api.register('Subscriber Sam')).authorization.token;
  });

  const { keys } = browserSubscription();
  const put = (body: unknown) => api.call<{ errors?: Record<string, string[]> }>('PUT', 'notifications/token', { token, body });

  it('stores the endpoint as the token and only the keys as extra', async () => {
    const endpoint = `https://push.example.org/send/${Date.now()}`;
    expect((await put({ token: endpoint, platform: 'webpush', keys, expirationTime: null })).status).toBe(200);
    const rows = await api.server.handle.db.select().from(pushTokens).where(eq(pushTokens.token, endpoint));
    expect(rows.map((row) => ({ platform: row.platform, extra: row.extra }))).toEqual([{ platform: 'webpush', extra: { keys } }]);
    expect((await put({ token: 'http://localhost:9/push/1', platform: 'webpush', keys })).status).toBe(200);
  });

  it.each([
    ['an http endpoint off the loopback', { token: 'http://push.example.org/send/1', keys }, 'token'],
    ['not a URL', { token: 'device-token', keys }, 'token'],
    ['no keys', { token: 'https://push.example.org/send/2' }, 'keys'],
    ['a short auth secret', { token: 'https://push.example.org/send/3', keys: { ...keys, auth: 'c2hvcnQ' } }, 'keys.auth'],
    ['a p256dh that is not base64url', { token: 'https://push.example.org/send/4', keys: { ...keys, p256dh: `${keys.p256dh.slice(1)}+` } }, 'keys.p256dh'],
  ])('refuses %s (422 on the field)', async (_name, body, field) => {
    const r = await put({ ...body, platform: 'webpush' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors ?? {})).toContain(field);
  });
});
