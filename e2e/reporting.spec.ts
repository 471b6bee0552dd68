// Issue #12 acceptance, items 8 and 9: a reported post leaves the reporter's feed while offline
// (no reason chosen for them, optional details); "Hide posts from this person" hides their posts
// and "Show again" in Settings brings them back; a list made offline moves its address to the real
// id once the server gives it. Each test signs in a fresh member by cookie, so what it reports or
// hides changes nothing for the other specs.
import type { APIRequestContext } from '@playwright/test';
import type { Envelope } from '../common/contract';
import type { HiddenPeopleResponse } from '../common/hidden-people-contract';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { ListsPage } from './pages/lists-page';
import { ServerApi } from './support/api';
import { navigateInApp } from './support/in-app-navigation';
import { waitForServiceWorkerControl } from './support/service-worker';
import { signInByCookie, type Account } from './support/sign-in';

type Member = { account: Account; api: ServerApi; token: string; id: number };

async function register(request: APIRequestContext, name: string): Promise<Member> {
  const account = { email: `reporting-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@prayer.local`, password: 'reporting-pass-1' };
  const response = await request.post('/api/v1/auth/register', { data: { name, ...account } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const { authorization, user } = ((await response.json()) as Envelope<{ authorization: { token: string }; user: { id: number } }>).data;
  return { account, api: new ServerApi(request, authorization.token), token: authorization.token, id: user.id };
}

test('a post reported offline leaves the reporter’s feed at once, with no reason chosen for them', async ({ page, context, request, baseURL }) => {
  const author = await register(request, 'Rita Author');
  const text = `Pray for my brother's new job ${Date.now().toString(36)}`;
  const post = await author.api.createRequest(text);
  const viewer = await register(request, 'Vic Viewer');
  await signInByCookie(context, request, baseURL, viewer.account);
  await page.goto('/community');
  const community = new CommunityPage(page);
  const card = community.post(text);
  await expect(card).toHaveCount(1);
  // Offline, the menus' and dialogs' code comes from the service worker's precache (issue #14).
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  await card.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Report post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report' });
  for (const reason of await dialog.getByRole('radio').all()) await expect(reason).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason.');
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('textbox', { name: /Anything else we should know/ }).fill('It asks people to send money.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(community.syncStatus).toContainText('1 waiting');

  // Back online: the report reaches the server, and the post stays out of this member's feed.
  await context.setOffline(false);
  await expect(community.syncStatus).toHaveText('All saved', { timeout: 15_000 });
  expect((await viewer.api.feed()).map((p) => p.id)).not.toContain(post.id);
  expect((await author.api.feed()).map((p) => p.id)).toContain(post.id);
  await expect(card).toHaveCount(0);
});

test('hiding a person hides their posts; Show again in Settings brings them back', async ({ page, context, request, baseURL }) => {
  const author = await register(request, 'Hugo Hidden');
  const text = `Pray for rain on our farm ${Date.now().toString(36)}`;
  await author.api.createRequest(text);
  const viewer = await register(request, 'Vera Viewer');
  await signInByCookie(context, request, baseURL, viewer.account);
  await page.goto('/community');
  const community = new CommunityPage(page);
  const card = community.post(text);
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Hide posts from this person' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('You will no longer see posts from Hugo Hidden.')).toBeVisible();
  const hiddenOnServer = async () => {
    const response = await request.get('/api/v1/user/hidden-people', { headers: { authorization: `Bearer ${viewer.token}` } });
    return ((await response.json()) as Envelope<HiddenPeopleResponse>).data.people.map((p) => p.id);
  };
  await expect.poll(hiddenOnServer).toEqual([author.id]);

  await navigateInApp(page, '/settings/hidden');
  const hidden = page.getByRole('list', { name: 'Hidden people' });
  await expect(hidden.getByRole('listitem')).toHaveCount(1);
  await expect(hidden.getByRole('listitem')).toContainText('Hugo Hidden');
  await hidden.getByRole('button', { name: 'Show again' }).click();
  await expect(page.getByText('You have not hidden anyone.', { exact: false })).toBeVisible();
  await expect.poll(hiddenOnServer).toEqual([]);

  await navigateInApp(page, '/community');
  await expect(community.post(text)).toHaveCount(1);
});

test('a list made offline opens at a temporary address that becomes its real id', async ({ page, context, request, baseURL }) => {
  const viewer = await register(request, 'Lia Lists');
  await signInByCookie(context, request, baseURL, viewer.account);
  const lists = new ListsPage(page);
  await lists.goto();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  const name = `Neighbours ${Date.now().toString(36)}`;
  await lists.createList(name, 'People on our street');
  await expect(page).toHaveURL(/\/lists\/-\d+$/);
  const temporary = new URL(page.url()).pathname;

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/lists\/\d+$/, { timeout: 15_000 });
  const real = (await viewer.api.myLists()).find((list) => list.name === name);
  expect(real).toBeDefined();
  expect(new URL(page.url()).pathname).toBe(`/lists/${String(real?.id)}`);

  // The temporary address still opens the list, and moves to the real one.
  await navigateInApp(page, '/lists');
  await navigateInApp(page, temporary);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/lists/${String(real?.id)}$`));
});
