// Issue #14 point 3: the notification permission is read from the browser once and kept
// (src/platform/notification-permission.ts); it is read again after the app asks for it, when the
// page comes back into view, and when the Permissions API reports a change (which also tells the
// account menu's offer to read it again).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from './support';

type Permission = NotificationPermission;

function fakeBrowser(initial: Permission) {
  let permission: Permission = initial;
  let reads = 0;
  const Notification = {
    get permission() {
      reads += 1;
      return permission;
    },
    requestPermission: () => {
      permission = 'granted';
      return Promise.resolve(permission);
    },
  };
  const document = new EventTarget();
  const status = new EventTarget();
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('document', document);
  vi.stubGlobal('navigator', { permissions: { query: () => Promise.resolve(status) } });
  return {
    set: (next: Permission) => void (permission = next),
    reads: () => reads,
    hide: () => document.dispatchEvent(new Event('visibilitychange')),
    changeInSettings: (next: Permission) => {
      permission = next;
      status.dispatchEvent(new Event('change'));
    },
  };
}

describe('notificationPermission', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('reads the browser once while nothing can have changed it', async () => {
    const browser = fakeBrowser('default');
    const { notificationPermission } = await import('../../src/platform/notification-permission');
    expect([notificationPermission(), notificationPermission(), notificationPermission()]).toEqual(['default', 'default', 'default']);
    expect(browser.reads()).toBe(1);
  });

  it('reads it again after the app asked for it and when the page comes back into view', async () => {
    const browser = fakeBrowser('default');
    const { notificationPermission, requestNotificationPermission } = await import('../../src/platform/notification-permission');
    expect(notificationPermission()).toBe('default');
    await expect(requestNotificationPermission()).resolves.toBe('granted');
    expect(notificationPermission()).toBe('granted');
    browser.set('denied');
    expect(notificationPermission()).toBe('granted');
    browser.hide();
    expect(notificationPermission()).toBe('denied');
  });

  it('hears a change made in the browser settings and tells the offers to read it again', async () => {
    const browser = fakeBrowser('default');
    const { notificationPermission } = await import('../../src/platform/notification-permission');
    const { subscribeNotificationPermission } = await import('../../src/platform/notification-request');
    const heard = vi.fn();
    subscribeNotificationPermission(heard);
    expect(notificationPermission()).toBe('default');
    await settle();
    browser.changeInSettings('denied');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(notificationPermission()).toBe('denied');
  });

  it('is unsupported where there is no Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    const { notificationPermission } = await import('../../src/platform/notification-permission');
    expect(notificationPermission()).toBe('unsupported');
  });
});
