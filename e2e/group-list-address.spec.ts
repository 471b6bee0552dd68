// Issue #49 (review m12): a list made offline in a group is the group's: its badge names the group
// (never "Private"), and its temporary address (/lists/-N) moves to the real one once the server
// has given its id, in place of the history entry (Back still leads to the group, not to /lists/-N).
import type { APIRequestContext } from '@playwright/test';
import type { AuthResponse, Envelope } from '../common/contract';
import type { GroupResponse } from '../common/group-contract';
import { expect, test } from './support/fixtures';
import { presetMemberToken } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newMember(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/v1/auth/register', { data: { name, email: `group-list-address-${unique()}@prayer.local`, password: 'group-lists-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<AuthResponse>).data.authorization.token;
}

test('a list made offline in a group wears the group\'s name and moves to its real address once sent', async ({ page, context, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const member = await newMember(request, 'Lydia Member');
  const groupName = `Tuesday Small Group ${unique()}`;
  const response = await request.post('/api/v1/group', { headers: { authorization: `Bearer ${member}` }, data: { name: groupName } });
  if (!response.ok()) throw new Error(`POST group: ${response.status()} ${await response.text()}`);
  const { group } = ((await response.json()) as Envelope<GroupResponse>).data;

  await presetMemberToken(context, baseURL, member);
  await page.goto(`/group/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  const listName = `Offline group list ${unique()}`;
  await page.getByRole('button', { name: 'New list' }).click();
  const form = page.getByRole('dialog', { name: 'Create a list' });
  await form.getByRole('textbox', { name: 'Name' }).fill(listName);
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(page).toHaveURL(/\/lists\/-\d+$/);
  const meta = page.locator('.list-card__meta .badge');
  await expect(meta).toHaveText([groupName]);
  await expect(page.getByText('Private', { exact: true })).toHaveCount(0);
  const entries = await page.evaluate(() => history.length);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/lists\/[1-9]\d*$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(meta).toHaveText([groupName]);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/group/${group.id}$`));
});
