// Issue #12 point 7 acceptance: a guest with a post, a prayer and a list is warned before a logout
// (what would be lost, with the offer of an account), registers instead, and still has all three,
// on the server (read through the API with the new member token) and on this device.
import type { APIRequestContext } from '@playwright/test';
import type { ApiList, ApiUser, Envelope, ListResponse } from '../common/contract';
import { expect, test } from './support/fixtures';
import { guestToken, memberToken, ServerApi, todayMatches, utcDay } from './support/api';
import { LandingPage } from './pages/landing-page';
import { CommunityPage } from './pages/community-page';
import { AccountMenu } from './pages/account-pages';

/** The guest's list, made through the API with the guest's own token (Lists needs an account in the app). */
async function createGuestList(request: APIRequestContext, token: string, name: string): Promise<ApiList> {
  const response = await request.post('/api/v1/list', { headers: { authorization: `Bearer ${token}` }, data: { name, visibility: 'PRIVATE' } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as Envelope<ListResponse>).data.list;
}

async function me(request: APIRequestContext, token: string): Promise<ApiUser> {
  const response = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Envelope<{ user: ApiUser }>).data.user;
}

test('a guest with a post, a prayer and a list is warned at logout, registers instead and keeps all three', async ({ page, context, request }) => {
  const stamp = Date.now();
  const text = `Guest request ${stamp}`;
  await new LandingPage(page).goto();
  await new LandingPage(page).continueAsGuest();
  const community = new CommunityPage(page);
  await expect(community.heading).toBeVisible();
  const guest = await guestToken(context);
  const guestId = await guestUserId(request, guest);

  await community.shareRequest(text);
  const prayedFor = community.posts.filter({ hasNotText: text }).first();
  const prayedOn = { count: 0, day: utcDay() };
  await community.pray(prayedFor);
  await expect(community.syncStatus).toContainText('All saved', { timeout: 15_000 });
  const list = await createGuestList(request, guest, `Guest list ${stamp}`);

  // The warning names what would be lost and offers an account instead.
  await new AccountMenu(page).logout();
  const warning = page.getByRole('alertdialog', { name: 'Log out of this guest session?' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText('1 request or thanksgiving you shared')).toBeVisible();
  await expect(warning.getByText(/^your prayers for \d+ requests?$/)).toBeVisible();
  await warning.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Everything you shared and prayed as a guest stays with your new account.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill('Former Guest');
  await page.getByRole('textbox', { name: 'Email' }).fill(`former-guest-${stamp}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-pw');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/community$/);

  // On the server, under the new member's token: the same user, with the post, the prayer and the list.
  const member = await memberToken(context);
  const user = await me(request, member);
  expect(user).toMatchObject({ id: guestId, is_guest: false, name: 'Former Guest' });
  expect(todayMatches(prayedOn, 1, user.today_prayer_count)).toBe(true);
  const api = new ServerApi(request, member);
  const feed = await api.feed();
  expect(feed.find((p) => p.text === text)?.is_mine).toBe(true);
  expect(feed.filter((p) => p.isPrayed && !p.is_mine)).toHaveLength(1);
  expect((await api.myLists()).map((l) => l.id)).toContain(list.id);
  // And on this device: the post is still there, as the member's.
  await expect(community.post(text)).toBeVisible();
  await expect(community.syncStatus).toContainText('All saved');
});

async function guestUserId(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/guest/me', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Envelope<{ guest: ApiUser }>).data.guest.id;
}

test('a guest who logs out anyway on /pt is warned in Portuguese and lands on the Portuguese landing', async ({ page }) => {
  await page.goto('/pt');
  await page.getByRole('button', { name: 'Continuar como visitante' }).click();
  await page.waitForURL('**/pt/community');
  await page.getByRole('button', { name: 'Conta' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Sair desta sessão de visitante?' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText(/Você ainda não compartilhou nada/)).toBeVisible();
  await warning.getByRole('button', { name: 'Sair e perder tudo' }).click();
  await expect(page).toHaveURL(/\/pt$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orar juntos, onde você estiver' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar como visitante' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});
