// Issue #23 point 4: every missing feature degrades on purpose, checked in Chromium with the
// feature removed before the app loads (an init script), beside the same screen with it present:
// - no Background Sync (window.SyncManager, registration.sync: Firefox, Safari): the waiting list
//   says its changes go out while the app is open;
// - no Push (window.PushManager: WebKitGTK, older Safari): the reminder screen says reminders show
//   in Notifications only, and no 'Turn on notifications' is offered;
// - no navigator.storage (WebKitGTK): the eviction warning names Safari's 7-day rule and where to
//   install. The same checks run in real Firefox and WebKit in the cross-engine suite.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { navigateInApp } from './support/in-app-navigation';
import { waitForServiceWorkerControl } from './support/service-worker';

/** Runs in the page before its scripts: the named feature is gone, as in a browser without it. */
function removeFeature(feature: string): void {
  if (feature === 'storage') {
    Reflect.deleteProperty(Navigator.prototype, 'storage');
    return;
  }
  Reflect.deleteProperty(window, feature);
  if (feature === 'SyncManager') Reflect.deleteProperty(ServiceWorkerRegistration.prototype, 'sync');
}

async function guestOnFeed(page: Page): Promise<CommunityPage> {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  const community = new CommunityPage(page);
  await expect(community.posts.first()).toBeVisible();
  return community;
}

/** Offline (the service worker in control, so the app's code loads), one prayer waits; the waiting list is opened from the pill. */
async function openWaitingList(page: Page, community: CommunityPage) {
  await waitForServiceWorkerControl(page);
  await expect(community.syncStatus).toContainText('All saved');
  await page.context().setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  const post = community.posts.first();
  const before = await community.prayedCount(post);
  await community.pray(post);
  await expect.poll(() => community.prayedCount(post)).toBe(before + 1);
  await community.syncStatus.getByRole('button', { name: /^Offline · 1 waiting/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  return dialog;
}

const WHEN_OPEN = 'This browser does not send changes in the background: they are sent while the app is open, as soon as there is a connection.';

test.describe('without Background Sync', () => {
  test('the waiting list says its changes are sent while the app is open', async ({ page }) => {
    await page.addInitScript(removeFeature, 'SyncManager');
    const community = await guestOnFeed(page);
    expect(await page.evaluate(() => 'SyncManager' in window)).toBe(false);
    const dialog = await openWaitingList(page, community);
    await expect(dialog.getByTestId('waiting-when-open')).toHaveText(WHEN_OPEN);
  });

  test('with it, the waiting list says nothing of the kind', async ({ page }) => {
    const community = await guestOnFeed(page);
    expect(await page.evaluate(() => 'SyncManager' in window)).toBe(true);
    const dialog = await openWaitingList(page, community);
    await expect(dialog.getByText('Waiting to be sent')).toBeVisible();
    await expect(dialog.getByTestId('waiting-when-open')).toHaveCount(0);
  });
});

const NO_PUSH = 'This browser cannot show notifications from this app, so your reminders will show in Notifications only.';

test.describe('without Push', () => {
  test('the reminder screen says reminders show in Notifications only, and no notification prompt is offered', async ({ page }) => {
    await page.addInitScript(removeFeature, 'PushManager');
    await guestOnFeed(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Statistics' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Turn on notifications' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await navigateInApp(page, '/settings/reminders');
    await expect(page.getByRole('heading', { level: 1, name: 'Prayer reminders' })).toBeVisible();
    await expect(page.getByTestId('reminder-reach')).toHaveText(NO_PUSH);
    await expect(page.getByTestId('reminder-reach')).toHaveAttribute('data-reach', 'unavailable');
  });

  test('with it, the screen has no such note and the prompt is offered', async ({ page }) => {
    await guestOnFeed(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Turn on notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await navigateInApp(page, '/settings/reminders');
    await expect(page.getByRole('heading', { level: 1, name: 'Prayer reminders' })).toBeVisible();
    await expect(page.getByTestId('reminder-reach')).toHaveCount(0);
  });
});

const SEVEN_DAYS = 'These changes are only on this device for now. Safari and other WebKit browsers delete what a website has stored after 7 days without a visit, unless the app is installed on the Home Screen.';
const INSTALL_MENU = 'To install it, look for Add to Home Screen or Add to Dock in your browser’s menu.';

test.describe('without navigator.storage', () => {
  test('the eviction warning names the 7-day rule and where to install', async ({ page }) => {
    await page.addInitScript(removeFeature, 'storage');
    const community = await guestOnFeed(page);
    expect(await page.evaluate(() => 'storage' in navigator)).toBe(false);
    const dialog = await openWaitingList(page, community);
    const notice = dialog.getByTestId('eviction-notice');
    await expect(notice).toHaveAttribute('data-engine', 'webkit');
    await expect(notice).toContainText(SEVEN_DAYS);
    await expect(notice).toContainText('Connect to the internet to send them.');
    await expect(notice.getByTestId('eviction-install-how')).toHaveText(INSTALL_MENU);
    // The pill carries the risk mark too.
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(community.syncStatus.getByRole('button', { name: 'Offline · 1 waiting, only on this device for now' })).toBeVisible();
  });
});
