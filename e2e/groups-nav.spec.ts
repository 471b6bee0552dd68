// Issue #49 item 4 (review m2, ../shared/REVIEW.md): Groups in the primary navigation, the bottom bar
// on a phone and the rail on a desktop, with the unread count (docs/product.md §11 'Unread'). A
// member of a group sees Groups; another member posts there: the badge says 1 and the link's name
// says so; /groups shows it on the group's card; opening the group clears it; the member's own post
// in the group never counts. A guest in no group finds Groups too, leading to /groups.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { AuthResponse, Envelope, PostResponse } from '../common/contract';
import type { GroupResponse } from '../common/group-contract';
import { expect, presetConsent, test } from './support/fixtures';
import { presetMemberToken } from './support/sign-in';

type Member = { token: string; id: number };

async function call<T>(request: APIRequestContext, path: string, token: string, data?: object): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newMember(request: APIRequestContext, name: string): Promise<Member> {
  const response = await request.post('/api/v1/auth/register', { data: { name, email: `groups-nav-${unique()}@prayer.local`, password: 'groups-nav-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as Envelope<AuthResponse>;
  return { token: data.authorization.token, id: data.user.id };
}

type Words = { prefix: string; locale: string; channel: number; groups: string; unread: (n: number) => string; heading: string; newOnCard: string };

const PT: Words = { prefix: '/pt', locale: 'pt-BR', channel: 2, groups: 'Grupos', unread: (n) => `Grupos, ${String(n)} ${n === 1 ? 'não lida' : 'não lidas'}`, heading: 'Meus grupos', newOnCard: '1 nova' };
const EN: Words = { prefix: '', locale: 'en-US', channel: 1, groups: 'Groups', unread: (n) => `Groups, ${String(n)} unread`, heading: 'My groups', newOnCard: '1 new' };
const ES: Words = { prefix: '/es', locale: 'es-ES', channel: 3, groups: 'Grupos', unread: (n) => `Grupos, ${String(n)} sin leer`, heading: 'Mis grupos', newOnCard: '1 nueva' };

async function browserOf(browser: Browser, baseURL: string, words: Words, desktop: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const size = desktop ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const context = await browser.newContext({ baseURL, locale: words.locale, timezoneId: 'UTC', ...size });
  await presetConsent(context, baseURL);
  return { context, page: await context.newPage() };
}

/** Whether the device's store holds the post (brought by the live stream's pull). */
async function holdsPost(page: Page, id: number): Promise<boolean> {
  return page.evaluate(
    (postId) => new Promise<boolean>((resolve, reject) => {
      const open = indexedDB.open('prayer');
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
      open.onsuccess = () => {
        const read = open.result.transaction('posts').objectStore('posts').count(postId);
        read.onsuccess = () => {
          open.result.close();
          resolve(read.result > 0);
        };
        read.onerror = () => reject(read.error ?? new Error('count failed'));
      };
    }),
    id,
  );
}

async function unreadFlow(browser: Browser, request: APIRequestContext, baseURL: string, words: Words, desktop: boolean): Promise<void> {
  const admin = await newMember(request, 'Ruth Admin');
  const member = await newMember(request, 'Ana Lima');
  // The group is in the member's language: its posts' live poke reaches the member's device (a group of
  // another channel's post comes with the next pull; the notification alone came at once, issue #48).
  const { group } = await call<GroupResponse>(request, 'group', admin.token, { name: `Tuesday Small Group ${unique()}`, channel_id: words.channel });
  await call(request, `invite/${group.invite?.code ?? ''}/join`, member.token);

  const { context, page } = await browserOf(browser, baseURL, words, desktop);
  await presetMemberToken(context, baseURL, member.token);
  // The member opens the group once: nothing is unread.
  await page.goto(`${words.prefix}/group/${String(group.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  const nav = page.getByRole('navigation', { name: words.prefix === '' ? 'Main' : 'Principal' });
  const groupsLink = nav.getByRole('link', { name: words.groups, exact: true });
  await expect(groupsLink).toBeVisible();
  // A group's own page is in Groups: the entry is marked current there (the review's m2).
  await expect(groupsLink).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page.locator('.app-nav__badge')).toHaveCount(0);
  await nav.getByRole('link', { name: words.prefix === '/pt' ? 'Comunidade' : words.prefix === '/es' ? 'Comunidad' : 'Community' }).click();

  // The member posts there from another device, then another member does: the live stream's pull
  // brings both (in the order they were made), and Groups says 1: the member's own post never counts.
  const { post: mine } = await call<PostResponse>(request, 'post', member.token, { text: `Mine ${unique()}`, type: 'REQUEST', group_id: group.id });
  await call(request, 'post', admin.token, { text: `For the retreat ${unique()}`, type: 'REQUEST', group_id: group.id });
  const unreadLink = nav.getByRole('link', { name: words.unread(1), exact: true });
  await expect(unreadLink).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.app-nav__badge')).toHaveText('1');
  await expect.poll(async () => holdsPost(page, mine.id)).toBe(true);

  // /groups shows it on the group's card (read afresh); opening the group clears it.
  await unreadLink.click();
  await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
  await expect(unreadLink).toHaveAttribute('aria-current', 'page');
  const card = page.locator('.list-card', { hasText: group.name });
  await expect(card.locator('.group-unread')).toHaveText(words.newOnCard);
  await card.getByRole('link', { name: group.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  await expect(groupsLink).toBeVisible();
  await expect(page.locator('.app-nav__badge')).toHaveCount(0);
  await groupsLink.click();
  await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.locator('.group-unread')).toHaveCount(0);
  await context.close();
}

test('PT phone: Groups in the bottom bar counts a new post by another member, and opening the group clears it', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  await unreadFlow(browser, request, baseURL, PT, false);
});

test('EN desktop: Groups in the rail counts a new post by another member, and opening the group clears it', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  await unreadFlow(browser, request, baseURL, EN, true);
});

test('ES phone: a guest in no group finds Groups in the bottom bar, leading to My groups', async ({ browser, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const { context, page } = await browserOf(browser, baseURL, ES, false);
  await page.goto('/es');
  await page.getByRole('button', { name: 'Continuar como invitado' }).click();
  await page.waitForURL('**/es/community');
  const link = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: ES.groups, exact: true });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: ES.heading })).toBeVisible();
  await expect(page.locator('.app-nav__badge')).toHaveCount(0);
  await context.close();
});
