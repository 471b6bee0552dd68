// docs/product.md §4 notification prompt: exactly five conditions, the 7-day dismissal, and accept
// (permission, then push registration, then close), with a controlled clock.
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_PROMPT_DISMISSED_KEY, PROMPT_DISMISS_MS } from '../../common/constants';
import {
  createNotificationPrompt,
  permissionStateOf,
  shouldShowNotificationPrompt,
  type NotificationEnv,
} from '../../src/platform/notification-prompt';
import { isMobileDevice, isStandalone, supportsNotifications } from '../../src/platform/environment';
import { FIRST_VISIT_DAY_KEY, HAS_PRAYED_KEY, localDay } from '../../src/platform/engagement';
import { mapStore } from './support';

const NOW = 1_700_000_000_000;
/** Engaged: has prayed on this device (the fifth condition). */
const PRAYED = { [HAS_PRAYED_KEY]: 'true' };

function env(overrides: Partial<NotificationEnv> = {}): NotificationEnv {
  return { isMobileDevice: false, isStandalone: false, supportsNotifications: true, permission: 'default', storage: mapStore(PRAYED), ...overrides };
}

describe('shouldShowNotificationPrompt: the five conditions', () => {
  it.each([
    ['desktop, default permission', env(), true],
    ['desktop, denied permission (not granted)', env({ permission: 'denied' }), true],
    ['mobile browser tab', env({ isMobileDevice: true }), false],
    ['mobile, installed app', env({ isMobileDevice: true, isStandalone: true }), true],
    ['no Notification API', env({ supportsNotifications: false }), false],
    ['permission already granted', env({ permission: 'granted' }), false],
    ['dismissed a minute ago', env({ storage: mapStore({ ...PRAYED, [NOTIFICATION_PROMPT_DISMISSED_KEY]: String(NOW - 60_000) }) }), false],
    // The review's finding 4: not on a first visit before the person has done anything.
    ['first visit, nothing done yet', env({ storage: mapStore({ [FIRST_VISIT_DAY_KEY]: localDay(NOW) }) }), false],
    ['came back on a later day', env({ storage: mapStore({ [FIRST_VISIT_DAY_KEY]: '2000-01-01' }) }), true],
  ])('%s -> %s', (_label, environment, expected) => {
    expect(shouldShowNotificationPrompt(environment, NOW)).toBe(expected);
  });

  it('comes back exactly 7 days after a dismissal', () => {
    const environment = env({ storage: mapStore({ ...PRAYED, [NOTIFICATION_PROMPT_DISMISSED_KEY]: String(NOW) }) });
    expect(shouldShowNotificationPrompt(environment, NOW + PROMPT_DISMISS_MS - 1)).toBe(false);
    expect(shouldShowNotificationPrompt(environment, NOW + PROMPT_DISMISS_MS)).toBe(true);
  });

  it('a garbled dismissal value counts as none', () => {
    const environment = env({ storage: mapStore({ ...PRAYED, [NOTIFICATION_PROMPT_DISMISSED_KEY]: 'yesterday' }) });
    expect(shouldShowNotificationPrompt(environment, NOW)).toBe(true);
  });
});

describe('permission states', () => {
  it('maps default -> default, granted -> granted, denied -> blocked', () => {
    expect(permissionStateOf('default')).toBe('default');
    expect(permissionStateOf('granted')).toBe('granted');
    expect(permissionStateOf('denied')).toBe('blocked');
    expect(permissionStateOf('unsupported')).toBe('unsupported');
  });
});

function prompt(answer: NotificationPermission, options: { pushAvailable?: boolean; registerPush?: () => Promise<unknown> } = {}) {
  const environment = env();
  const order: string[] = [];
  const registerPush = vi.fn(options.registerPush ?? (async () => void order.push('register')));
  const controller = createNotificationPrompt({
    env: () => environment,
    requestPermission: async () => {
      order.push('request');
      environment.permission = answer;
      return answer;
    },
    registerPush,
    isPushAvailable: () => options.pushAvailable ?? true,
  });
  return { controller, environment, order, registerPush };
}

describe('notification prompt controller', () => {
  it('accept: requests permission, then registers push, then resolves granted', async () => {
    const { controller, order } = prompt('granted');
    expect(controller.permissionState()).toBe('default');
    expect(await controller.accept(NOW)).toBe('granted');
    expect(order).toEqual(['request', 'register']);
    expect(controller.shouldShow(NOW)).toBe(false);
  });

  it('accept refused: blocked, no registration, and the 7-day rest starts', async () => {
    const { controller, registerPush, environment } = prompt('denied');
    expect(await controller.accept(NOW)).toBe('blocked');
    expect(registerPush).not.toHaveBeenCalled();
    expect(environment.storage.getItem(NOTIFICATION_PROMPT_DISMISSED_KEY)).toBe(String(NOW));
    expect(controller.shouldShow(NOW + PROMPT_DISMISS_MS - 1)).toBe(false);
    expect(controller.shouldShow(NOW + PROMPT_DISMISS_MS)).toBe(true);
  });

  it('a failed push registration still lets the dialog close', async () => {
    const { controller } = prompt('granted', { registerPush: async () => Promise.reject(new Error('no token')) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(controller.accept(NOW)).resolves.toBe('granted');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('dismiss keeps it away for 7 days', () => {
    const { controller } = prompt('granted');
    controller.dismiss(NOW);
    expect(controller.shouldShow(NOW + 1)).toBe(false);
    expect(controller.shouldShow(NOW + PROMPT_DISMISS_MS)).toBe(true);
  });

  // Issue #49 (review m5): it came back on every page load until answered.
  it('shown on load counts as asked: a reload or a link followed without an answer does not bring it back', () => {
    const { controller } = prompt('granted');
    expect(controller.openOnLoad(NOW)).toBe(true);
    expect(controller.openOnLoad(NOW + 1_000)).toBe(false);
    expect(controller.shouldShow(NOW + PROMPT_DISMISS_MS - 1)).toBe(false);
    expect(controller.openOnLoad(NOW + PROMPT_DISMISS_MS)).toBe(true);
  });

  it('stays hidden when push is not configured', () => {
    expect(prompt('granted', { pushAvailable: false }).controller.shouldShow(NOW)).toBe(false);
  });
});

describe('browser facts', () => {
  const mql = (matches: boolean) => () => ({ matches });

  it('standalone: display-mode standalone, or iOS home screen', () => {
    expect(isStandalone({ matchMedia: mql(true) })).toBe(true);
    expect(isStandalone({ matchMedia: mql(false) })).toBe(false);
    expect(isStandalone({ navigator: { standalone: true } })).toBe(true);
    expect(isStandalone({})).toBe(false);
  });

  it('mobile: client hints, user agent, and iPadOS posing as a Mac', () => {
    expect(isMobileDevice({ navigator: { userAgentData: { mobile: true } } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile' } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 5 } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 0 } })).toBe(false);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' } })).toBe(false);
  });

  it('notifications supported when window.Notification exists', () => {
    expect(supportsNotifications({ Notification: { permission: 'default' } })).toBe(true);
    expect(supportsNotifications({})).toBe(false);
  });
});
