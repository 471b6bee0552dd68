// Issue #28 item 3 through the screens (docs/product.md §11 'Reports in a group'): a group's
// moderator who is no community moderator finds "Review reports" in the account menu, sees the
// group's reported post in its own section of /moderation and removes it: the post is gone for its
// author on the server. A plain member of the group has no "Review reports" and is told that only
// moderators review reports.
import type { APIRequestContext } from '@playwright/test';
import type { AuthResponse, Envelope, PostResponse } from '../common/contract';
import type { GroupResponse } from '../common/group-contract';
import { expect, presetConsent, test } from './support/fixtures';
import { AccountMenu } from './pages/account-pages';
import { presetMemberToken } from './support/sign-in';

type Member = { token: string; id: number };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function call<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, token: string, data: object = {}): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

async function newMember(request: APIRequestContext, name: string): Promise<Member> {
  const response = await request.post('/api/v1/auth/register', { data: { name, email: `group-mod-${unique()}@prayer.local`, password: 'group-mod-pass-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as Envelope<AuthResponse>;
  return { token: data.authorization.token, id: data.user.id };
}

/** Olivia's group, which `viewer` joined (as its moderator when `moderator`); Ann's request in it, reported by Ben. */
async function reportedGroup(request: APIRequestContext, viewer: Member, moderator: boolean) {
  const [olivia, ann, ben] = [await newMember(request, 'Olivia Admin'), await newMember(request, 'Ann Author'), await newMember(request, 'Ben Reporter')];
  const name = `Choir ${unique()}`;
  const { group } = await call<GroupResponse>(request, 'POST', 'group', olivia.token, { name });
  for (const person of [viewer, ann, ben]) await call(request, 'POST', `invite/${group.invite?.code ?? ''}/join`, person.token);
  if (moderator) await call(request, 'PUT', `group/${group.id}/member/${viewer.id}`, olivia.token, { role: 'moderator' });
  const text = `Buy cheap watches ${unique()}`;
  const { post } = await call<PostResponse>(request, 'POST', 'post', ann.token, { text, type: 'REQUEST', group_id: group.id });
  await call(request, 'POST', `post/${post.id}/report`, ben.token, { type: 'spam' });
  return { name, text, postId: post.id, ann };
}

test("a group's moderator reviews its reports in /moderation and removes a post; a plain member is not offered it", async ({ page, context, request, baseURL, browser }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const mara = await newMember(request, 'Mara Moderator');
  const { name, text, postId, ann } = await reportedGroup(request, mara, true);
  await presetMemberToken(context, baseURL, mara.token);
  await page.goto('/groups');
  await expect(page.getByText(name)).toBeVisible();

  await new AccountMenu(page).open();
  await page.getByRole('menuitem', { name: 'Review reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reported posts and comments' })).toBeVisible();
  const section = page.getByRole('region', { name: `Reports in ${name}` });
  const item = section.getByRole('article').filter({ hasText: text });
  await expect(item).toBeVisible();
  // One member's report hides nothing in a group: the moderators decide.
  await expect(item.getByText('Still shown')).toBeVisible();
  await expect(page.getByText('Only moderators can review reports.')).toHaveCount(0);

  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(item).toHaveCount(0);
  await expect(section.getByText('Nothing in this group waits for review.')).toBeVisible();
  await expect.poll(async () => (await request.get(`/api/v1/post/${postId}`, { headers: { authorization: `Bearer ${ann.token}` } })).status()).toBe(404);

  // A plain member of a group, in a browser of their own: no way in, and the screen says why.
  const paul = await newMember(request, 'Paul Member');
  const other = await reportedGroup(request, paul, false);
  const paulContext = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'UTC' });
  try {
    await presetConsent(paulContext, baseURL);
    await presetMemberToken(paulContext, baseURL, paul.token);
    const paulPage = await paulContext.newPage();
    await paulPage.goto('/groups');
    await expect(paulPage.getByText(other.name)).toBeVisible();
    await new AccountMenu(paulPage).open();
    await expect(paulPage.getByRole('menuitem', { name: 'Statistics' })).toBeVisible();
    await expect(paulPage.getByRole('menuitem', { name: 'Review reports' })).toHaveCount(0);
    await paulPage.keyboard.press('Escape');
    await paulPage.goto('/moderation');
    await expect(paulPage.getByText('Only moderators can review reports.')).toBeVisible();
    await expect(paulPage.getByText(other.text)).toHaveCount(0);
  } finally {
    await paulContext.close();
  }
});
