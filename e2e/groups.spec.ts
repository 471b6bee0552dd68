// Issue #28's first acceptance, through the group screens (docs/product.md §11): a member creates a
// group offline and posts to it; online, the page shows its invite link; a second person, a new
// visitor, opens the link in a browser of their own, registers from the landing, comes back to the
// invite, joins, and prays offline for the request; back online the author sees the count. A third
// member gets 404 for everything of the group through the API. Then the invite link's other cases:
// a guest joins, a used-up link offers "Ask to join" (the admin sees the request), an unknown code
// says the link no longer works.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { AuthResponse, Envelope, PostPage } from '../common/contract';
import type { NotificationPage } from '../common/notifications-contract';
import type { GroupResponse, GroupsResponse, JoinRequestsResponse } from '../common/group-contract';
import { expect, presetConsent, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { NotificationsPage } from './pages/notifications-page';
import { presetMemberToken } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

type Member = { token: string; id: number; email: string; password: string };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token: string, data?: object): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

async function status(request: APIRequestContext, path: string, token: string): Promise<number> {
  return (await request.get(`/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } })).status();
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newMember(request: APIRequestContext, name: string): Promise<Member> {
  const email = `groups-${unique()}@prayer.local`;
  const password = 'groups-pass-1';
  const response = await request.post('/api/v1/auth/register', { data: { name, email, password } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as Envelope<AuthResponse>;
  return { token: data.authorization.token, id: data.user.id, email, password };
}

/** A browser of someone else's: nothing of this site, the consent already chosen (as the fixture's context). */
async function otherBrowser(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });
  await presetConsent(context, baseURL);
  return { context, page: await context.newPage() };
}

function prayButton(card: ReturnType<Page['getByRole']>) {
  return card.getByRole('button', { name: /^(Pray|You prayed), \d+ / });
}

test('a group made offline, its request, the invite link, a new visitor who registers, joins and prays offline; a stranger gets 404', async ({ page, context, request, baseURL, browser }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const author = await newMember(request, 'Hannah Author');
  await presetMemberToken(context, baseURL, author.token);
  await page.goto('/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'My groups' })).toBeVisible();
  await waitForServiceWorkerControl(page);

  // Offline: the group and its request show at once, not sent yet.
  await context.setOffline(true);
  const name = `Thursday circle ${unique()}`;
  await page.getByRole('button', { name: 'Create a group' }).click();
  const form = page.getByRole('dialog', { name: 'Create a group' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description (optional)' }).fill('We pray together every Thursday');
  await form.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/group\/-\d+$/);
  await expect(page.getByText('will be created when you are back online')).toBeVisible();

  const text = `Pray for my mother's surgery on Thursday ${unique()}`;
  await page.getByRole('button', { name: 'Post to this group' }).click();
  const composer = new CommunityPage(page).composer;
  await expect(composer.dialog.getByRole('combobox', { name: 'Post in' })).toHaveValue(/^-\d+$/);
  // It says where the words go: never "Share with the community" for a private group.
  await expect(composer.dialog).toHaveAccessibleName(`Share with ${name}`);
  await expect(composer.dialog).toHaveAccessibleDescription(`Only the members of ${name} will see it.`);
  await composer.fill(text);
  await composer.submit();
  await expect(composer.dialog).toBeHidden();
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toHaveCount(1);
  // A group's post is not shared outside the group.
  await card.getByRole('button', { name: 'Post actions' }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Share' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Online: the group gets its real id (the address follows), the request reaches the server once.
  await context.setOffline(false);
  await page.waitForURL(/\/group\/[1-9]\d*$/);
  const groupId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect.poll(async () => (await call<PostPage>(request, 'GET', `group/${groupId}/posts`, author.token)).data.map((p) => p.text)).toEqual([text]);
  const postId = (await call<PostPage>(request, 'GET', `group/${groupId}/posts`, author.token)).data[0]?.id ?? 0;

  // The invite link, as the page shows it.
  await page.getByRole('button', { name: 'Invite people' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite people' });
  const link = invite.getByRole('textbox', { name: 'Invite link' });
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/g/[\\w-]{12}$`));
  const invitePath = new URL(await link.inputValue()).pathname;
  await page.keyboard.press('Escape');
  // The group's settings, one link away (the admin screen is src/routes/-group-admin.tsx).
  await page.getByRole('link', { name: 'Group settings' }).click();
  await page.waitForURL(`**/group/${groupId}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Group settings' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A new visitor opens it: the invite's card first (issue #49 major 5), then Create account, then back to the invite.
  const visitor = await otherBrowser(browser, baseURL);
  try {
    const other = visitor.page;
    await other.goto(invitePath);
    await other.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === invitePath);
    await expect(other.getByRole('heading', { level: 1, name: 'Hannah Author invited you to a prayer group' })).toBeVisible();
    await expect(other.getByRole('heading', { level: 2, name })).toBeVisible();
    await other.getByRole('link', { name: 'Create account' }).click();
    await other.getByRole('textbox', { name: 'Name' }).fill('Miriam Visitor');
    await other.getByRole('textbox', { name: 'Email' }).fill(`groups-visitor-${unique()}@prayer.local`);
    await other.getByLabel('Password', { exact: true }).fill('groups-visitor-1');
    await other.getByRole('button', { name: 'Create account' }).click();
    await other.waitForURL(`**${invitePath}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Hannah Author invited you to a prayer group' })).toBeVisible();
    await expect(other.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(other.getByText('1 member', { exact: true })).toBeVisible();
    await other.getByRole('button', { name: 'Join group' }).click();
    await other.waitForURL(`**/group/${groupId}`);
    await expect(other.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(other.getByText('2 members', { exact: true })).toBeVisible();
    const theirCard = other.getByRole('article').filter({ hasText: text });
    await expect(theirCard).toHaveCount(1);
    await waitForServiceWorkerControl(other);
    await expect(theirCard).toHaveCount(1);

    // Offline, a prayer: shown at once; back online it reaches the server once.
    await visitor.context.setOffline(true);
    await prayButton(theirCard).click();
    await expect(prayButton(theirCard)).toHaveAttribute('aria-label', /^You prayed, 1 /);
    await visitor.context.setOffline(false);
    await expect.poll(async () => (await call<{ post: { prayedCount: number } }>(request, 'GET', `post/${postId}`, author.token)).post.prayedCount).toBe(1);
  } finally {
    await visitor.context.close();
  }

  // The author sees the count (the group's page pulls its feed when it opens).
  await page.reload();
  await expect(prayButton(page.getByRole('article').filter({ hasText: text }))).toHaveAttribute('aria-label', /, 1 /);
  // ... and is notified: the prayer is in their notifications, and the bell counts it.
  const notes = await call<NotificationPage>(request, 'GET', 'notifications', author.token);
  expect(notes.data.some((n) => n.kind !== 'reminder' && n.post_id === postId && n.read_at === null)).toBe(true);
  await expect(new NotificationsPage(page).bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);

  // A third member, not in the group: every group route and the group's post are a 404.
  const stranger = await newMember(request, 'Simon Stranger');
  for (const path of [`group/${groupId}`, `group/${groupId}/posts`, `group/${groupId}/members`, `post/${postId}`, `post/${postId}/comments`]) {
    expect({ path, status: await status(request, path, stranger.token) }).toEqual({ path, status: 404 });
  }
  expect((await call<GroupsResponse>(request, 'GET', 'groups', stranger.token)).groups).toEqual([]);
});

test('invite links: a guest joins; a used-up link offers "Ask to join"; an unknown code no longer works', async ({ page, request, browser, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Ruth Admin');
  const name = `Family ${unique()}`;
  const { group } = await call<GroupResponse>(request, 'POST', 'group', admin.token, { name });
  const code = group.invite?.code ?? '';

  // A guest: Join as guest from the invite's landing (issue #49 major 5): a guest, joined, in the group.
  await page.goto(`/g/${code}`);
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === `/g/${code}`);
  await page.getByRole('button', { name: 'Join as guest' }).click();
  await page.waitForURL(`**/group/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('2 members', { exact: true })).toBeVisible();

  // A link that admits one more person, used by someone else: the next visitor may ask to join.
  const { invite } = await call<{ invite: { code: string } }>(request, 'POST', `group/${group.id}/invite`, admin.token, { max_uses: 1 });
  const first = await newMember(request, 'Jonah First');
  await call(request, 'POST', `invite/${invite.code}/join`, first.token);
  const late = await otherBrowser(browser, baseURL);
  try {
    const lateMember = await newMember(request, 'Lydia Late');
    await presetMemberToken(late.context, baseURL, lateMember.token);
    await late.page.goto(`/g/${invite.code}`);
    await expect(late.page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(late.page.getByText('This invite link has been used as many times as it allows.')).toBeVisible();
    await expect(late.page.getByRole('button', { name: 'Join group' })).toHaveCount(0);
    await late.page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(late.page.getByRole('status').filter({ hasText: 'Your request to join was saved.' }).first()).toBeVisible();
    await expect
      .poll(async () => (await call<JoinRequestsResponse>(request, 'GET', `group/${group.id}/join-requests`, admin.token)).requests.data.map((r) => r.user.id))
      .toEqual([lateMember.id]);

    // The old code (rotated) and a code that never existed: the link no longer works.
    for (const gone of [code, 'AAAAAAAAAAAA']) {
      await late.page.goto(`/g/${gone}`);
      await expect(late.page.getByRole('heading', { level: 1, name: 'This invite link no longer works' })).toBeVisible();
    }
  } finally {
    await late.context.close();
  }
});
