// docs/product.md §4, §9 service worker updates with a manual clock: the 10 s reload guard, the
// reload on a controller change (or the next navigation in full for a visible page), and
// SKIP_WAITING for a waiting or newly installed worker.
import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, SW_UPDATE_CHECK_MS } from '../../common/constants';
import { createReloadGuard, RELOAD_GUARD_KEY } from '../../src/platform/sw-update';
import { fakeRegistration, fakeWorker, manualClock, mapStore } from './support';
import { setupUpdater } from './sw-update-harness';

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
    const { container, updater, reloads } = setupUpdater({ hidden: true });
    updater.start(fakeRegistration());
    container.changeController();
    expect(reloads).toEqual(['reload']);
  });

  it('never reloads a visible page under the user: its next navigation loads in full, once', async () => {
    const { container, updater, reloads, clock } = setupUpdater({ hidden: false });
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
    const { container, updater, reloads } = setupUpdater({ hidden: false });
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
    const { container, updater, reloads, clock } = setupUpdater({ controlled: false });
    updater.start(fakeRegistration());
    container.changeController();
    expect(reloads).toEqual([]);
    // The next change is an update: it reloads.
    clock.set(clock.now() + RELOAD_GUARD_MS);
    container.changeController();
    expect(reloads).toEqual(['reload']);
  });

  it('holds a second reload within 10 s back and loads the next navigation in full instead', async () => {
    const { container, updater, reloads, clock } = setupUpdater();
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
    const { updater } = setupUpdater();
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
    const { updater } = setupUpdater({ controlled: false });
    const registration = fakeRegistration();
    updater.start(registration);
    const first = fakeWorker();
    registration.foundUpdate(first);
    first.setState('installed');
    expect(first.messages).toEqual([]);
  });

  it('stops listening when stopped', () => {
    const { container, updater, clock } = setupUpdater();
    updater.start(fakeRegistration());
    updater.stop();
    expect(container.events.count('controllerchange')).toBe(0);
    expect(clock.timers()).toBe(0);
  });
});
