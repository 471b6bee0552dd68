// docs/product.md §4, §9 service worker updates with a manual clock: the 20 s update check gated by
// a 200 for /sw.js, the build manifest poll, and that no part of it touches the outbox in IndexedDB.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, SW_UPDATE_CHECK_MS } from '../../common/constants';
import { clearAllTables, db } from '../../src/model/db';
import { newEntry } from '../../src/commands/commit';
import { buildIdOf } from '../../src/platform/sw-update';
import { fakeRegistration, fakeWorker } from './support';
import { setupUpdater, type Call } from './sw-update-harness';

function swChecks(calls: Call[]): Call[] {
  return calls.filter((call) => call.url === '/sw.js');
}

describe('update check every 20 s while online', () => {
  let s: ReturnType<typeof setupUpdater>;
  let registration: ReturnType<typeof fakeRegistration>;

  beforeEach(() => {
    s = setupUpdater();
    registration = fakeRegistration();
    s.updater.start(registration);
  });

  it('fetches /sw.js without cache every 20 s and updates on a 200', async () => {
    await s.clock.advance(SW_UPDATE_CHECK_MS - 1);
    expect(swChecks(s.calls)).toHaveLength(0);
    await s.clock.advance(1);
    expect(swChecks(s.calls)).toHaveLength(1);
    expect(swChecks(s.calls)[0]?.init).toMatchObject({ cache: 'no-store', method: 'HEAD' });
    expect(registration.updates).toBe(1);
    await s.clock.advance(SW_UPDATE_CHECK_MS);
    expect(registration.updates).toBe(2);
  });

  it('does not update when the worker file answers anything but 200', async () => {
    s.served.sw = 404;
    await s.clock.advance(SW_UPDATE_CHECK_MS);
    s.served.sw = 503;
    await s.clock.advance(SW_UPDATE_CHECK_MS);
    expect(swChecks(s.calls)).toHaveLength(2);
    expect(registration.updates).toBe(0);
  });

  it('swallows a failed fetch and tries again on the next tick', async () => {
    s.served.sw = 'offline';
    await s.clock.advance(SW_UPDATE_CHECK_MS);
    expect(registration.updates).toBe(0);
    s.served.sw = 200;
    await s.clock.advance(SW_UPDATE_CHECK_MS);
    expect(registration.updates).toBe(1);
  });

  it('does not check while offline', async () => {
    s.setOnline(false);
    await s.clock.advance(3 * SW_UPDATE_CHECK_MS);
    expect(s.calls).toHaveLength(0);
    s.setOnline(true);
    await s.clock.advance(SW_UPDATE_CHECK_MS);
    expect(swChecks(s.calls)).toHaveLength(1);
  });

  it('does not check while a new worker is already installing', async () => {
    registration.installing = fakeWorker();
    await s.clock.advance(SW_UPDATE_CHECK_MS);
    expect(swChecks(s.calls)).toHaveLength(0);
  });
});

describe('build manifest poll', () => {
  it('marks the page stale when the served build id differs, and reloads on the next navigation only', async () => {
    const { clock, served, updater, reloads } = setupUpdater({ buildId: 'b1' });
    updater.start(null);
    await clock.advance(SW_UPDATE_CHECK_MS);
    expect(updater.shouldReloadOnNavigate()).toBe(false);
    served.build = { buildId: 'b2' };
    await clock.advance(SW_UPDATE_CHECK_MS);
    expect(updater.shouldReloadOnNavigate()).toBe(true);
    expect(reloads).toEqual([]);
    expect(updater.reloadForNavigation('/community/post/3')).toBe(true);
    expect(reloads).toEqual(['/community/post/3']);
  });

  it('fetches build.json without cache', async () => {
    const { clock, calls, updater } = setupUpdater();
    updater.start(null);
    await clock.advance(SW_UPDATE_CHECK_MS);
    expect(calls.find((call) => call.url === '/build.json')?.init).toMatchObject({ cache: 'no-store' });
  });

  it('does not navigate in full twice within the reload guard', async () => {
    const { clock, served, updater, reloads } = setupUpdater();
    updater.start(null);
    served.build = { buildId: 'b2' };
    await clock.advance(SW_UPDATE_CHECK_MS);
    expect(updater.reloadForNavigation('/a')).toBe(true);
    await clock.advance(RELOAD_GUARD_MS - 1);
    expect(updater.reloadForNavigation('/b')).toBe(false);
    expect(reloads).toEqual(['/a']);
  });

  it('ignores a manifest without a build id, and does not poll without its own id', async () => {
    const a = setupUpdater();
    a.updater.start(null);
    a.served.build = { version: 3 };
    await a.clock.advance(SW_UPDATE_CHECK_MS);
    expect(a.updater.shouldReloadOnNavigate()).toBe(false);

    const b = setupUpdater({ buildId: null });
    b.updater.start(null);
    await b.clock.advance(SW_UPDATE_CHECK_MS);
    expect(b.calls.some((call) => call.url === '/build.json')).toBe(false);
  });

  it('reads only a non-empty string build id', () => {
    expect(buildIdOf({ buildId: 'x' })).toBe('x');
    expect(buildIdOf({ buildId: '' })).toBeNull();
    expect(buildIdOf({ buildId: 7 })).toBeNull();
    expect(buildIdOf('x')).toBeNull();
    expect(buildIdOf(null)).toBeNull();
  });
});

describe('no update drops an unsent outbox entry', () => {
  it('leaves the outbox exactly as it was through a worker swap, a reload and a stale-build navigation', async () => {
    await clearAllTables();
    await db.outbox.add({ ...newEntry('post.pray', { postId: 7 }, null), createdAt: 1 });
    const before = await db.outbox.toArray();

    const s = setupUpdater();
    const registration = fakeRegistration();
    s.updater.start(registration);
    const next = fakeWorker();
    registration.foundUpdate(next);
    next.setState('installed');
    s.container.changeController();
    s.served.build = { buildId: 'b2' };
    await s.clock.advance(2 * SW_UPDATE_CHECK_MS);
    s.updater.reloadForNavigation('/x');

    expect(await db.outbox.toArray()).toEqual(before);
  });

  it('the update path and the service worker never open, clear or delete IndexedDB', () => {
    const files = ['src/platform/sw-update.ts', 'src/platform/sw-register.ts', 'sw/sw.ts', 'sw/push.ts'];
    for (const file of files) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/indexedDB|deleteDatabase|clearAllTables|Dexie\.delete|db\.delete\(|\.outbox\b|\.clear\(\)/);
    }
  });
});
