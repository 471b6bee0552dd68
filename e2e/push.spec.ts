// Issue #6 'Notifications end to end', in Chromium against the built app and the real server.
//
// 1. Push: a push message is delivered to the app's service worker through the DevTools protocol
//    (ServiceWorker.deliverPushMessage, with the registration id read from
//    ServiceWorker.workerRegistrationUpdated on a page's session: e2e/support/service-worker.ts).
//    The build has no Firebase configuration, so sw/push.ts's plain Web Push handler shows it; the
//    test reads it back with registration.getNotifications() once the browser reports the push
//    event completed (deliverPush, e2e/support/notifications.ts, says why not before). Headless Chromium offers no click on
//    a system notification, and a synthetic NotificationEvent cannot use waitUntil, so the click is
//    the service worker's own handler (the function its notificationclick listener calls), invoked
//    inside the worker with the shown notification: it posts NAVIGATE_TO to the open window
//    (docs/product.md §3), and the page routes to the post.
// 2. In-app: someone prays for a member's request; the bell counts it, /notifications lists it,
//    and opening it goes to the post and marks it read on the server (through the outbox).
import { expect, test } from './support/fixtures';
import type { Envelope } from '../common/contract';
import type { NotificationPage } from '../common/notifications-contract';
import { AuthPage } from './pages/auth-page';
import { NotificationsPage } from './pages/notifications-page';
import { ServerApi, loginToken } from './support/api';
import { clickFirstNotification, deliverPush, guestWithNotifications, shownNotifications } from './support/notifications';
import { signInByCookie } from './support/sign-in';

test('a push delivered to the service worker shows a notification whose click navigates the app to the post', async ({ page, context, request, baseURL }) => {
  const { origin, token } = await guestWithNotifications(page, context, baseURL);
  const [post] = await new ServerApi(request, token).feed();
  if (!post) throw new Error('the seeded feed is empty');

  const payload = { title: 'Grace Miller prayed for your request', body: 'A push from the e2e test', url: `/community/post/${post.id}` };
  await deliverPush(page, context, origin, payload);
  expect(await shownNotifications(page)).toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);

  const worker = context.serviceWorkers().find((candidate) => candidate.url().startsWith(origin));
  if (!worker) throw new Error('the app has no running service worker');
  await expect(page).toHaveURL(/\/community$/);
  await clickFirstNotification(worker);
  await expect(page).toHaveURL(new RegExp(`/community/post/${post.id}$`));
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});

test('someone praying for a member\'s request shows on the bell and /notifications; opening it goes to the post and marks it read', async ({ page, request }) => {
  const text = `Please pray for the e2e notification ${Date.now()}`;
  const ana = new ServerApi(request, await loginToken(request, 'ana@prayer.local'));
  const post = await ana.createRequest(text);
  await new ServerApi(request, await loginToken(request, 'grace@prayer.local')).pray(post.id);

  await new AuthPage(page).login('ana@prayer.local', 'pray-with-us');
  await page.waitForURL('**/community');
  const screen = new NotificationsPage(page);
  await expect(screen.bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  const unreadBefore = await screen.unreadCount();

  await screen.bell.click();
  await expect(screen.heading).toBeVisible();
  const item = screen.item(text);
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Grace Miller prayed for your request');
  await expect(item).toHaveClass(/notification--unread/);

  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/community/post/${post.id}$`));
  await expect.poll(() => screen.unreadCount()).toBe(unreadBefore - 1);
  // The mark-read went through the outbox to the server.
  const token = await loginToken(request, 'ana@prayer.local');
  await expect.poll(async () => {
    const response = await request.get('/api/v1/notifications', { headers: { authorization: `Bearer ${token}` } });
    const page1 = ((await response.json()) as Envelope<NotificationPage>).data;
    return page1.data.find((n) => n.kind !== 'reminder' && n.post_id === post.id)?.read_at ?? null;
  }).not.toBeNull();
});

test('a member whose session comes from the cookie alone sees the bell count at start, not a poll later', async ({ page, context, request, baseURL }) => {
  const ana = new ServerApi(request, await loginToken(request, 'ana@prayer.local'));
  const post = await ana.createRequest(`Please pray for the returning member ${Date.now()}`);
  await new ServerApi(request, await loginToken(request, 'grace@prayer.local')).pray(post.id);
  // A first start on this device: the session is the cookie's, adopted after the poll's first tick.
  await signInByCookie(context, request, baseURL, { email: 'ana@prayer.local', password: 'pray-with-us' });
  await page.goto('/community');
  // Well inside the 30 s poll interval: counted when the session was adopted.
  await expect(new NotificationsPage(page).bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/, { timeout: 10_000 });
});
