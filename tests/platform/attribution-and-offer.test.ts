// docs/product.md §5 bot-check attribution (shown under protected forms only when a site key is configured)
// and issue #6's 'Turn on notifications' account-menu entry (offered only with push configured
// and the permission still 'default'), plus the signal that opens the prompt from the menu.
import { describe, expect, it, vi } from 'vitest';
import { botCheckNoticeLinks, createBotCheck, NO_BOT_CHECK, RECAPTCHA_ATTRIBUTION } from '../../src/platform/bot-check';
import { canOfferNotifications, createNotificationPrompt, type NotificationEnv } from '../../src/platform/notification-prompt';
import type { PushPermission } from '../../src/platform/push';
import { notificationPermissionChanged, onNotificationPromptRequest, requestNotificationPrompt, subscribeNotificationPermission } from '../../src/platform/notification-request';
import { mapStore } from './support';

function botCheck(siteKey: string | null) {
  return createBotCheck({ siteKey, loadScript: () => Promise.resolve(), grecaptcha: () => undefined });
}

describe('bot-check attribution', () => {
  it('is hidden without a site key', () => {
    expect(botCheckNoticeLinks(botCheck(null))).toBeNull();
    expect(botCheckNoticeLinks(botCheck(''))).toBeNull();
    expect(botCheckNoticeLinks(NO_BOT_CHECK)).toBeNull();
  });

  it("links Google's privacy policy and terms when a site key is configured", () => {
    expect(botCheckNoticeLinks(botCheck('site-key'))).toEqual({
      privacyUrl: RECAPTCHA_ATTRIBUTION.privacyUrl,
      termsUrl: RECAPTCHA_ATTRIBUTION.termsUrl,
    });
    expect(RECAPTCHA_ATTRIBUTION.privacyUrl).toBe('https://policies.google.com/privacy');
    expect(RECAPTCHA_ATTRIBUTION.termsUrl).toBe('https://policies.google.com/terms');
  });
});

describe("the account menu's 'Turn on notifications'", () => {
  it.each<[boolean, PushPermission, boolean]>([
    [true, 'default', true],
    [true, 'granted', false],
    [true, 'denied', false],
    [true, 'unsupported', false],
    [false, 'default', false],
    [false, 'granted', false],
  ])('push available %s, permission %s -> offered %s', (pushAvailable, permission, expected) => {
    expect(canOfferNotifications(pushAvailable, permission)).toBe(expected);
  });

  function controller(permission: PushPermission, pushAvailable: boolean, env: Partial<NotificationEnv> = {}) {
    const environment: NotificationEnv = { isMobileDevice: false, isStandalone: false, supportsNotifications: true, permission, storage: mapStore(), ...env };
    return createNotificationPrompt({
      env: () => environment,
      requestPermission: () => Promise.resolve('granted'),
      registerPush: () => Promise.resolve(),
      isPushAvailable: () => pushAvailable,
    });
  }

  it('follows the live permission and push configuration, not the 7-day rest of the automatic prompt', () => {
    expect(controller('default', true).canOffer()).toBe(true);
    expect(controller('default', false).canOffer()).toBe(false);
    expect(controller('granted', true).canOffer()).toBe(false);
    const dismissedJustNow = controller('default', true);
    dismissedJustNow.dismiss(Date.now());
    expect(dismissedJustNow.shouldShow(Date.now())).toBe(false);
    expect(dismissedJustNow.canOffer()).toBe(true);
  });

  it('is hidden once the prompt was answered', async () => {
    const environment = { permission: 'default' as PushPermission };
    const live = createNotificationPrompt({
      env: () => ({ isMobileDevice: false, isStandalone: false, supportsNotifications: true, permission: environment.permission, storage: mapStore() }),
      requestPermission: () => {
        environment.permission = 'denied';
        return Promise.resolve('denied');
      },
      registerPush: () => Promise.resolve(),
      isPushAvailable: () => true,
    });
    expect(live.canOffer()).toBe(true);
    expect(await live.accept(Date.now())).toBe('blocked');
    expect(live.canOffer()).toBe(false);
  });

  it('opens the prompt through the request signal and tells the menu when the permission moved', () => {
    const opened = vi.fn();
    const changed = vi.fn();
    const stopOpen = onNotificationPromptRequest(opened);
    const stopChanged = subscribeNotificationPermission(changed);
    requestNotificationPrompt();
    notificationPermissionChanged();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    stopOpen();
    stopChanged();
    requestNotificationPrompt();
    notificationPermissionChanged();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
