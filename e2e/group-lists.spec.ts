// Issue #28 item 4 through the screens (docs/product.md §11 'A group's lists and its session'): a member
// sees the group's list on its page, starts a list in the group offline and adds a prayer to it,
// and once online the group's admin finds both on the server; "Pray through this group" opens the
// guided session over the group's requests, headed by the group's name.
import type { APIRequestContext } from '@playwright/test';
import type { ApiList, AuthResponse, Envelope } from '../common/contract';
import type { GroupResponse } from '../common/group-contract';
import { expect, test } from './support/fixtures';
import { presetMemberToken } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token: string, data?: object): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

async function newMember(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/v1/auth/register', { data: { name, email: `group-lists-${unique()}@prayer.local`, password: 'group-lists-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<AuthResponse>).data.authorization.token;
}

test('a group\'s lists on its page, a list started offline in the group, and the group\'s session', async ({ page, context, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Ruth Admin');
  const member = await newMember(request, 'Naomi Member');
  const groupName = `Family ${unique()}`;
  const { group } = await call<GroupResponse>(request, 'POST', 'group', admin, { name: groupName });
  await call(request, 'POST', `invite/${group.invite?.code ?? ''}/join`, member);
  const { list } = await call<{ list: ApiList }>(request, 'POST', 'list', admin, { name: 'Grandma', group_id: group.id });
  await call(request, 'POST', `list/${list.id}/item`, admin, { text: 'Her hip surgery' });
  await call(request, 'POST', 'post', admin, { text: `For the retreat ${unique()}`, type: 'REQUEST', group_id: group.id });

  await presetMemberToken(context, baseURL, member);
  await page.goto(`/group/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Prayer lists' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grandma' })).toBeVisible();
  await waitForServiceWorkerControl(page);

  // Offline: a list of the group, and a prayer in it, show at once.
  await context.setOffline(true);
  const listName = `Tuesday prayers ${unique()}`;
  await page.getByRole('button', { name: 'New list' }).click();
  const form = page.getByRole('dialog', { name: 'Create a list' });
  await expect(form.getByRole('radio')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Name' }).fill(listName);
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  // The way back from a group's list leads to its group, and it offers no "Make public".
  await expect(page.getByRole('link', { name: groupName })).toBeVisible();
  await page.getByRole('button', { name: 'List options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit list' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /public/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add a prayer' }).click();
  const itemForm = page.getByRole('dialog', { name: 'Add a prayer' });
  await itemForm.getByRole('textbox', { name: 'Prayer' }).fill('The new building');
  await itemForm.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The new building')).toBeVisible();

  // Online: the list reaches the server in the group, with its prayer; the admin sees it.
  await context.setOffline(false);
  await expect.poll(async () => {
    const { lists } = await call<{ lists: ApiList[] }>(request, 'GET', `group/${group.id}/lists`, admin);
    return lists.filter((l) => l.name === listName).map((l) => l.config.qtd);
  }, { timeout: 20_000 }).toEqual([1]);

  await page.goto(`/group/${group.id}`);
  await expect(page.getByRole('link', { name: listName })).toBeVisible();
  await page.getByRole('link', { name: 'Pray through this group' }).click();
  await expect(page).toHaveURL(new RegExp(`/session\\?group=${group.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
});
