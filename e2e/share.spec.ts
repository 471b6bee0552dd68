// Issue #13 point 3 acceptance: Share on a post calls the device's share sheet with the post's
// link when there is one (navigator.share is the device's, so it is stubbed in the page and its
// argument recorded), copies the link otherwise (read back from the real clipboard), and the link
// opens the post for a new visitor after "Continue as guest" (and after logging in). Every test
// runs in a fresh browser context, so its visitor has never been here.
import type { APIRequestContext, Page } from '@playwright/test';
import type { Envelope } from '../common/contract';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { PostDetailPage } from './pages/post-detail-page';
import { ServerApi } from './support/api';
import { signInByCookie, type Account } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

type Member = { account: Account; api: ServerApi };

/** A new member made through the API (POST auth/register): their posts are nobody else's test data. */
async function registerMember(request: APIRequestContext, name: string): Promise<Member> {
  const account = { email: `share-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@prayer.local`, password: 'share-pass-1' };
  const response = await request.post('/api/v1/auth/register', { data: { name, ...account } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const { authorization } = ((await response.json()) as Envelope<{ authorization: { token: string } }>).data;
  return { account, api: new ServerApi(request, authorization.token) };
}

/** Someone else's public, signed request, made through the API. */
async function someoneElsesRequest(request: APIRequestContext, label: string): Promise<{ id: number; text: string }> {
  const author = await registerMember(request, 'Sara Sharer');
  const text = `Please pray for my sister's surgery (${label} ${Date.now().toString(36)})`;
  const post = await author.api.createRequest(text);
  return { id: post.id, text };
}

type Recorded = { title: string; text: string; url: string };

/** Runs in the page before the app: a device share sheet that records what it was given. */
function stubShareSheet(): void {
  const calls: unknown[] = [];
  Object.defineProperty(window, '__shareCalls', { value: calls });
  Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true, writable: true });
  Object.defineProperty(Navigator.prototype, 'share', {
    value: (data: unknown) => {
      calls.push(data);
      return Promise.resolve();
    },
    configurable: true,
    writable: true,
  });
}

/** Runs in the page before the app: a device without the Web Share API. */
function removeShareSheet(): void {
  Reflect.deleteProperty(Navigator.prototype, 'share');
  Reflect.deleteProperty(Navigator.prototype, 'canShare');
}

function shareCalls(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => (window as unknown as { __shareCalls: Recorded[] }).__shareCalls);
}

test('Share calls the device share sheet with the post’s link, from the button and the menu', async ({ page, context, request, baseURL }) => {
  await context.addInitScript(stubShareSheet);
  const post = await someoneElsesRequest(request, 'sheet');
  const viewer = await registerMember(request, 'Vera Viewer');
  await signInByCookie(context, request, baseURL, viewer.account);
  const detail = new PostDetailPage(page);
  await detail.goto(post.id);
  await expect(detail.text()).toHaveText(post.text);

  const expected: Recorded = { title: 'Prayer Community', text: post.text, url: `${baseURL}/community/post/${post.id}` };
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect.poll(() => shareCalls(page)).toEqual([expected]);

  // The same action in the post's menu, after the docs/product.md §4 actions of someone else's post.
  await detail.postMenu.click();
  await expect(page.getByRole('menuitem', { name: 'Report post' })).toBeVisible();
  await detail.menuItem('Share').click();
  await expect.poll(() => shareCalls(page)).toEqual([expected, expected]);
  // Shared through the sheet: no "Link copied", no dialog.
  await expect(page.getByTestId('banner')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('without a share sheet the link is copied and the app says so; a post not yet sent says to wait', async ({ page, context, request, baseURL }) => {
  await context.addInitScript(removeShareSheet);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const post = await someoneElsesRequest(request, 'clipboard');
  const viewer = await registerMember(request, 'Colin Copier');
  await signInByCookie(context, request, baseURL, viewer.account);
  const detail = new PostDetailPage(page);
  await detail.goto(post.id);
  await expect(detail.text()).toHaveText(post.text);

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByTestId('banner')).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/community/post/${post.id}`);

  // A request written offline has only a temporary id: no address anyone else could open yet.
  const community = new CommunityPage(page);
  await detail.backLink.click();
  await expect(community.heading).toBeVisible();
  // Offline, the composer's code comes from the service worker's cache (issue #14: dialogs load when first opened).
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  const mine = `Offline request to share later ${Date.now().toString(36)}`;
  await community.shareRequest(mine);
  await page.evaluate(() => navigator.clipboard.writeText('unchanged'));
  await community.post(mine).getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await expect(page.getByTestId('banner')).toContainText('Share once it has been sent.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('unchanged');
  await context.setOffline(false);
});

test('the shared link opens the post for a new visitor after “Continue as guest”', async ({ page, request }) => {
  const post = await someoneElsesRequest(request, 'visitor');
  await page.goto(`/community/post/${post.id}`);

  // The welcome check sends the visitor to the landing, carrying where they were going.
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === `/community/post/${post.id}`);
  await expect(page.getByText('Someone shared a prayer request with you')).toBeVisible();
  await page.getByRole('button', { name: 'Continue as guest' }).click();

  await page.waitForURL(`**/community/post/${post.id}`);
  await expect(new PostDetailPage(page).text()).toHaveText(post.text);
});

test('logging in from the landing of a shared link returns to the post too', async ({ page, request }) => {
  const post = await someoneElsesRequest(request, 'login');
  const reader = await registerMember(request, 'Lena Reader');
  await page.goto(`/community/post/${post.id}`);
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('next'));

  await page.getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/community/post/${post.id}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(reader.account.email);
  await page.getByLabel('Password', { exact: true }).fill(reader.account.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await page.waitForURL(`**/community/post/${post.id}`);
  await expect(new PostDetailPage(page).text()).toHaveText(post.text);
});

test('a destination elsewhere is not followed', async ({ page, baseURL }) => {
  await page.goto('/?next=//example.com/community/post/1');
  await expect(page.getByText('Someone shared a prayer request with you')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL((url) => url.pathname === '/community');
  expect(new URL(page.url()).origin).toBe(baseURL);
});
