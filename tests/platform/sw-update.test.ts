// SPEC §4/§9 service worker updates with a manual clock: the 10 s reload guard, reload on
// controller change, SKIP_WAITING, the 20 s update check gated by a 200 for /sw.js, the build
// manifest poll, and that no part of it touches the outbox in IndexedDB.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, SW_UPDATE_CHECK_MS } from '../../common/constants';
import { clearAllTables, db } from '../../src/db/db';
import { newEntry } from '../../src/commands/commit';
import {
  buildIdOf,
  createReloadGuard,
  createSwUpdater,
  RELOAD_GUARD_KEY,
  type FetchLike,
  type SwUpdateEnv,
} from '../../src/platform/sw-update';
import { fakeContainer, fakeRegistration, fakeWorker, manualClock, mapStore } from './support';

type Call = { url: string; init: RequestInit };
type Served = { sw: number | 'offline'; build: unknown };

function setup(options: { controlled?: boolean; buildId?: string | null; online?: boolean; hidden?: boolean } = {}) {
  const clock = manualClock();
  const session = mapStore();
  const container = fakeContainer(options.controlled ?? true);
  const calls: Call[] = [];
  const served: Served = { sw: 200, build: { buildId: 'b1' } };
  const reloads: string[] = [];
  let online = options.online ?? true;
  let hidden = options.hidden ?? true;
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    if (url === '/sw.js') {
      if (served.sw === 'offline') throw new TypeError('fetch failed');
      return { status: served.sw, json: async () => null };
    }
    return { status: 200, json: async () => served.build };
  };
  const env: SwUpdateEnv = {
    container,
    fetch,
    session,
    clock,
    isOnline: () => online,
    reload: () => void reloads.push('reload'),
    isHidden: () => hidden,
    assign: (href) => void reloads.push(href),
    buildId: options.buildId === undefined ? 'b1' : options.buildId,
  };
  const updater = createSwUpdater(env);
  return {
    clock,
    session,
    container,
    calls,
    served,
    reloads,
    updater,
    setOnline: (value: boolean) => (online = value),
    setHidden: (value: boolean) => (hidden = value),
  };
}

describe('reload guard (10 s, sessionStorage)', () => {
  it('allows one reload per 10 s and remembers it in session storage', () => {
    const clock = manualClock();
    const session = mapStore();
    const guard = createReloadGuard(session, clock);
    expect(guard.allow()).toBe(true);
    expect(session.getItem(RELOAD_GUARD_KEY)).toBe(String(clock.now()));
    clock.set(clock.now() + RELOAD_GUARD_MS - 1);
    expect(guard.allow()).toBe(false);
    clock.set(clock.now() + 1);
    expect(guard.allow()).toBe(true);
  });

  it('survives a reload: a new guard reads the stored timestamp', () => {
    const clock = manualClock();
    const session = mapStore();
    expect(createReloadGuard(session, clock).allow()).toBe(true);
    clock.set(clock.now() + 5_000);
    expect(createReloadGuard(session, clock).allow()).toBe(false);
  });

  it('treats a garbled timestamp as no reload yet', () => {
    const clock = manualClock();
    expect(createReloadGuard(mapStore({ [RELOAD_GUARD_KEY]: 'soon' }), clock).allow()).toBe(true);
  });
});

describe('reload on update or external activation', () => {
  it('reloads a hidden page when the controlling worker changes', () => {
    const { container, updater, reloads } = setup({ hidden: true });
    updater.start(fakeRegistration());
    container.changeController();
    expect(reloads).toEqual(['reload']);
  });

  it('never reloads a visible page under the user: its next navigation loads in full, once', async () => {
    const { container, updater, reloads, clock } = setup({ hidden: false });
    updater.start(fakeRegistration());
    container.changeController();
    expect(reloads).toEqual([]);
    expect(updater.shouldReloadOnNavigate()).toBe(true);
    await clock.advance(SW_UPDATE_CHECK_MS);
    expect(reloads).toEqual([]);
    expect(updater.reloadForNavigation('/community')).toBe(true);
    expect(updater.reloadForNavigation('/lists')).toBe(false);
    expect(reloads).toEqual(['/community']);
  });

  it('waits for a worker still installing before a stale page loads in full', () => {
    const { container, updater, reloads } = setup({ hidden: false });
    const registration = fakeRegistration();
    updater.start(registration);
    container.changeController();
    registration.foundUpdate(fakeWorker());
    expect(updater.reloadForNavigation('/community')).toBe(false);
    registration.installing = null;
    expect(updater.reloadForNavigation('/community')).toBe(true);
    expect(reloads).toEqual(['/community']);
  });

  it('does not reload when the first worker claims an uncontrolled page (first visit)', () => {
    const { container, updater, reloads, clock } = setup({ controlled: false });
    updater.start(fakeRegistration());
    container.changeController();
    expect(reloads).toEqual([]);
    // The next change is an update: it reloads.
    clock.set(clock.now() + RELOAD_GUARD_MS);
    container.changeController();
    expect(reloads).toEqual(['reload']);
  });

  it('holds a second reload within 10 s back and loads the next navigation in full instead', async () => {
    const { container, updater, reloads, clock } = setup();
    updater.start(fakeRegistration());
    container.changeController();
    await clock.advance(RELOAD_GUARD_MS - 1);
    container.changeController();
    expect(reloads).toEqual(['reload']);
    expect(updater.shouldReloadOnNavigate()).toBe(true);
    await clock.advance(1);
    expect(updater.reloadForNavigation('/lists')).toBe(true);
    expect(reloads).toEqual(['reload', '/lists']);
  });

  it('activates a waiting worker at once, and a newly installed one when it is ready', () => {
    const { updater } = setup();
    const registration = fakeRegistration();
    const waiting = fakeWorker('installed');
    registration.waiting = waiting;
    updater.start(registration);
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);

    const next = fakeWorker();
    registration.foundUpdate(next);
    expect(next.messages).toEqual([]);
    next.setState('installed');
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('leaves the very first install alone (no controller yet)', () => {
    const { updater } = setup({ controlled: false });
    const registration = fakeRegistration();
    updater.start(registration);
    const first = fakeWorker();
    registration.foundUpdate(first);
    first.setState('installed');
    expect(first.messages).toEqual([]);
  });

  it('stops listening when stopped', () => {
    const { container, updater, clock } = setup();
    updater.start(fakeRegistration());
    updater.stop();
    expect(container.events.count('controllerchange')).toBe(0);
    expect(clock.timers()).toBe(0);
  });
});

function swChecks(calls: Call[]): Call[] {
  return calls.filter((call) => call.url === '/sw.js');
}

describe('update check every 20 s while online', () => {
  let s: ReturnType<typeof setup>;
  let registration: ReturnType<typeof fakeRegistration>;

  beforeEach(() => {
    s = setup();
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
    const { clock, served, updater, reloads } = setup({ buildId: 'b1' });
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
    const { clock, calls, updater } = setup();
    updater.start(null);
    await clock.advance(SW_UPDATE_CHECK_MS);
    expect(calls.find((call) => call.url === '/build.json')?.init).toMatchObject({ cache: 'no-store' });
  });

  it('does not navigate in full twice within the reload guard', async () => {
    const { clock, served, updater, reloads } = setup();
    updater.start(null);
    served.build = { buildId: 'b2' };
    await clock.advance(SW_UPDATE_CHECK_MS);
    expect(updater.reloadForNavigation('/a')).toBe(true);
    await clock.advance(RELOAD_GUARD_MS - 1);
    expect(updater.reloadForNavigation('/b')).toBe(false);
    expect(reloads).toEqual(['/a']);
  });

  it('ignores a manifest without a build id, and does not poll without its own id', async () => {
    const a = setup();
    a.updater.start(null);
    a.served.build = { version: 3 };
    await a.clock.advance(SW_UPDATE_CHECK_MS);
    expect(a.updater.shouldReloadOnNavigate()).toBe(false);

    const b = setup({ buildId: null });
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

    const s = setup();
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
