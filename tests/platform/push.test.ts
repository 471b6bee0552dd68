// docs/product.md §4/§7/§9 push registration: when a token is fetched, that it goes through the outbox as
// 'notifications.token', the 7-day refresh (controlled clock), and the round trip through the
// real server's PUT notifications/token.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM, PUSH_TOKEN_REFRESH_MS } from '../../common/constants';
import { clearAllTables, db } from '../../src/model/db';
import { getMeta, setMeta } from '../../src/model/meta';
import { EMPTY_AUTH } from '../../src/model/meta-types';
import { opFor } from '../../src/commands/ops/registry';
import { registerPushToken } from '../../src/commands/push-token';
import { isPushRegistrationDue, syncPushRegistration, type PushDeps, type PushPermission } from '../../src/platform/push';
import { drainOutbox } from '../../worker/drain';
import { freshGuestDevice, startHarness, type Harness } from '../sync/support';

const NOW = 1_700_000_000_000;
/** Stands in for the ServiceWorkerRegistration the provider subscribes with. */
const REGISTRATION = { scope: '/' };

function deps(options: { token?: string; permission?: PushPermission; configured?: boolean; now?: number; worker?: boolean } = {}) {
  const getToken = vi.fn(async () => ({ token: options.token ?? 'fid-1', platform: PLATFORM, token_type: 'fid' as const }));
  const result: PushDeps<typeof REGISTRATION> = {
    provider: { isConfigured: () => options.configured ?? true, getRegistration: getToken },
    permission: () => options.permission ?? 'granted',
    serviceWorker: async () => ((options.worker ?? true) ? REGISTRATION : null),
    now: () => options.now ?? NOW,
  };
  return { deps: result, getToken };
}

async function signIn(): Promise<void> {
  await setMeta('auth', { ...EMPTY_AUTH, guestToken: 'guest-token' });
}

async function queuedTokens() {
  const entries = await db.outbox.orderBy('seq').toArray();
  return entries.flatMap((entry) => (entry.op === 'notifications.token' ? [{ body: entry.body, createdAt: entry.createdAt }] : []));
}

describe('isPushRegistrationDue (7 days)', () => {
  it('is due without a registration, and again exactly 7 days after one', () => {
    expect(isPushRegistrationDue(undefined, NOW)).toBe(true);
    const last = { token: 't', registeredAt: NOW };
    expect(isPushRegistrationDue(last, NOW + PUSH_TOKEN_REFRESH_MS - 1)).toBe(false);
    expect(isPushRegistrationDue(last, NOW + PUSH_TOKEN_REFRESH_MS)).toBe(true);
  });
});

describe('syncPushRegistration', () => {
  beforeEach(async () => {
    await clearAllTables();
  });

  it('is off without configuration and never asks for a token', async () => {
    await signIn();
    const { deps: d, getToken } = deps({ configured: false });
    expect(await syncPushRegistration(d)).toBe('off');
    expect(getToken).not.toHaveBeenCalled();
  });

  it('needs permission and a session', async () => {
    expect(await syncPushRegistration(deps({ permission: 'default' }).deps)).toBe('no-permission');
    expect(await syncPushRegistration(deps({ permission: 'denied' }).deps)).toBe('no-permission');
    expect(await syncPushRegistration(deps().deps)).toBe('no-session');
    expect(await queuedTokens()).toEqual([]);
  });

  it('queues PUT notifications/token {token, platform, token_type} in the outbox', async () => {
    await signIn();
    expect(await syncPushRegistration(deps().deps)).toBe('queued');
    expect(await queuedTokens()).toEqual([{ body: { token: 'fid-1', platform: PLATFORM, token_type: 'fid' }, createdAt: NOW }]);
    const entry = await db.outbox.orderBy('seq').first();
    if (!entry || entry.op !== 'notifications.token') throw new Error('no token entry');
    expect(opFor('notifications.token').request(entry)).toEqual({
      method: 'PUT',
      path: 'notifications/token',
      body: { token: 'fid-1', platform: PLATFORM, token_type: 'fid' },
    });
  });

  it('does not queue the same token twice while it waits', async () => {
    await signIn();
    expect(await syncPushRegistration(deps().deps)).toBe('queued');
    expect(await syncPushRegistration(deps({ now: NOW + PUSH_TOKEN_REFRESH_MS }).deps)).toBe('pending');
    expect(await queuedTokens()).toHaveLength(1);
  });

  it('does not even load the provider within 7 days of the last registration, and refreshes after', async () => {
    await signIn();
    await setMeta('pushToken', { token: 'fid-1', registeredAt: NOW });
    const early = deps({ now: NOW + PUSH_TOKEN_REFRESH_MS - 1 });
    expect(await syncPushRegistration(early.deps)).toBe('fresh');
    expect(early.getToken).not.toHaveBeenCalled();

    const due = deps({ now: NOW + PUSH_TOKEN_REFRESH_MS });
    expect(await syncPushRegistration(due.deps)).toBe('queued');
    expect(due.getToken).toHaveBeenCalledWith(REGISTRATION);
  });

  it('force (notifications just turned on) asks for the token but sends only a new one', async () => {
    await signIn();
    await setMeta('pushToken', { token: 'fid-1', registeredAt: NOW });
    expect(await syncPushRegistration(deps({ now: NOW + 1 }).deps, { force: true })).toBe('fresh');
    expect(await syncPushRegistration(deps({ now: NOW + 1, token: 'fid-2' }).deps, { force: true })).toBe('queued');
    expect((await queuedTokens()).map((entry) => entry.body.token)).toEqual(['fid-2']);
  });

  it('reports a missing service worker or a provider failure without throwing', async () => {
    await signIn();
    expect(await syncPushRegistration(deps({ worker: false }).deps)).toBe('no-service-worker');
    const failing = deps();
    failing.getToken.mockRejectedValueOnce(new Error('messaging/permission-blocked'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await syncPushRegistration(failing.deps)).toBe('failed');
    warn.mockRestore();
    expect(await queuedTokens()).toEqual([]);
  });
});

describe('notifications.token against the real server', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.server.close();
  });

  beforeEach(async () => {
    await freshGuestDevice(h);
  });

  it('is sent by the drain, and its ack records the registration time for the 7-day rule', async () => {
    await registerPushToken('fid-wire', NOW);
    const report = await drainOutbox(h.api);
    expect(report).toMatchObject({ sent: 1, refused: 0, remaining: 0 });
    expect(h.calls.filter((call) => call.path === 'notifications/token')).toEqual([
      expect.objectContaining({ method: 'PUT', status: 200 }),
    ]);
    expect(await getMeta('pushToken')).toEqual({ token: 'fid-wire', registeredAt: NOW });
  });

  it('a refusal is logged, not listed among the user\'s refused changes', async () => {
    h.setFault((call) => (call.path === 'notifications/token' ? { status: 422, body: { status: 422, message: 'token is required' } } : 'pass'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await registerPushToken('fid-bad', NOW);
    const report = await drainOutbox(h.api);
    warn.mockRestore();
    expect(report).toMatchObject({ refused: 1, remaining: 0 });
    expect(await db.failed.count()).toBe(0);
    expect(await getMeta('pushToken')).toBeUndefined();
  });
});
