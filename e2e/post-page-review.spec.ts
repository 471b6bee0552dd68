// Issue #49's minors about a post's page and the biblical list, as the review of 2026-12-07 met
// them (../shared/REVIEW.md), each in the language it was seen: a group post's way back (m3, EN),
// a report made on a post's page (m4, PT), the biblical prayers' list for a guest (m7, ES) and the
// post menu's one noun (m10, PT and EN).
// docs/decisions/0217-the-post-page-after-a-report-its-way-back-one-noun-in-its.md.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { AuthResponse, Envelope, GuestAuthResponse, PostResponse } from '../common/contract';
import type { GroupResponse } from '../common/group-contract';
import { expect, presetConsent, test } from './support/fixtures';
import { presetMemberToken } from './support/sign-in';
import { enUS } from '../src/i18n/locales/en-US';
import { esES } from '../src/i18n/locales/es-ES';
import { ptBR } from '../src/i18n/locales/pt-BR';

type Actor = { token: string };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function call<T>(request: APIRequestContext, path: string, token: string, data: object, channel?: number): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(channel === undefined ? {} : { 'x-channel-id': String(channel) }) };
  const response = await request.post(`/api/v1/${path}`, { headers, data });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

async function newMember(request: APIRequestContext, name: string): Promise<Actor> {
  const response = await request.post('/api/v1/auth/register', { data: { name, email: `post-page-${unique()}@prayer.local`, password: 'post-page-pass-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  return { token: ((await response.json()) as Envelope<AuthResponse>).data.authorization.token };
}

async function newGuest(request: APIRequestContext, channelId: number): Promise<Actor> {
  const response = await request.post('/api/v1/guest/login', { data: { channel_id: channelId } });
  if (!response.ok()) throw new Error(`POST guest/login: ${response.status()} ${await response.text()}`);
  return { token: ((await response.json()) as Envelope<GuestAuthResponse>).data.authorization.token };
}

/** A browser in `locale`, at phone or desktop size. */
async function browserIn(browser: Browser, baseURL: string | undefined, locale: string, desktop = false): Promise<{ context: BrowserContext; page: Page }> {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const size = desktop ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const context = await browser.newContext({ baseURL, locale, timezoneId: 'UTC', ...size });
  await presetConsent(context, baseURL);
  return { context, page: await context.newPage() };
}

/** Continues as a guest from the landing page of `prefix` ('/pt', '/es'), in its language. */
async function continueAsGuest(page: Page, prefix: string, texts: typeof enUS): Promise<void> {
  await page.goto(prefix);
  await page.getByRole('button', { name: texts.landing.continueAsGuest }).click();
  await page.waitForURL(`**${prefix}/community`);
}

/**
 * The post's card on its own page. Followed from the feed, the address changes before the post
 * page's code has loaded, and until then the feed is still on screen with this post as its first
 * card: a page-wide "first article" was that card, and a press on its menu went to the screen
 * being left (which then went, with the press). So the card is looked for inside the post page.
 */
const postCard = (page: Page) => page.locator('section.post-detail').getByRole('article').first();

/** Opens the post's menu on its page: one press. */
async function openPostMenu(page: Page, texts: typeof enUS): Promise<void> {
  await postCard(page).getByRole('button', { name: texts.postDetail.postMenu }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
}

test('EN m3: a group post’s page says "Back to <group>" and leads to the group', async ({ browser, request, baseURL }) => {
  const admin = await newMember(request, 'Demo Admin');
  const { group } = await call<GroupResponse>(request, 'group', admin.token, { name: `Tuesday Small Group ${unique()}` });
  const text = `For the retreat weekend ${unique()}`;
  const { post } = await call<PostResponse>(request, 'post', admin.token, { text, type: 'REQUEST', group_id: group.id });
  const { context, page } = await browserIn(browser, baseURL, 'en-US', true);
  await presetMemberToken(context, baseURL ?? '', admin.token);

  await page.goto(`/group/${String(group.id)}`);
  await page.getByRole('link', { name: text }).first().click();
  await page.waitForURL(`**/community/post/${String(post.id)}`);
  const back = page.getByRole('link', { name: `Back to ${group.name}` });
  await expect(back).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the community' })).toHaveCount(0);
  await back.click();
  await page.waitForURL(`**/group/${String(group.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  await context.close();
});

test('PT m4: reporting a post on its page goes back to the feed, with the thanks, and the post is gone', async ({ browser, request, baseURL }) => {
  const author = await newGuest(request, 2);
  const text = `Pela cirurgia do meu pai ${unique()}`;
  await call<PostResponse>(request, 'post', author.token, { text, type: 'REQUEST' }, 2);
  const { context, page } = await browserIn(browser, baseURL, 'pt-BR');
  await continueAsGuest(page, '/pt', ptBR);

  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('link', { name: text }).click();
  await page.waitForURL(/\/pt\/community\/post\/\d+$/);
  await expect(postCard(page)).toContainText(text);
  await openPostMenu(page, ptBR);
  await page.getByRole('menuitem', { name: ptBR.postDetail.action.reportPost }).click();
  const dialog = page.getByRole('dialog', { name: ptBR.postDetail.reportTitle });
  await dialog.getByRole('radio', { name: ptBR.postDetail.reason.spam }).check();
  await dialog.getByRole('button', { name: ptBR.postDetail.reportSubmit }).click();

  // Back in the feed it came from: the thanks says it will not be seen again, and it is not.
  await page.waitForURL(/\/pt\/community$/);
  await expect(page.getByTestId('banner')).toContainText(ptBR.reporting.notAgain);
  await expect(page.getByRole('heading', { level: 1, name: ptBR.feed.heading })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await context.close();
});

test('ES m7: a guest opens the biblical prayers from Lists’ address, as from Pray', async ({ browser, baseURL }) => {
  const { context, page } = await browserIn(browser, baseURL, 'es-ES');
  await continueAsGuest(page, '/es', esES);

  await page.goto('/es/lists/biblical-prayers');
  await expect(page.getByRole('heading', { level: 1, name: esES.lists.biblical.heading })).toBeVisible();
  await expect(page).toHaveURL(/\/es\/lists\/biblical-prayers$/);
  await expect(page.getByText(esES.guest.listsNeedAccount)).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  // Its session is the one Pray offers a guest.
  const pray = page.getByRole('link', { name: esES.lists.list.pray });
  await expect(pray).toHaveAttribute('href', /\/session\?source=biblical$/);
  await pray.click();
  await page.waitForURL(/\/session\?source=biblical$/);
  await context.close();
});

test('PT m10: the own post’s menu, its dialogs and toast say "publicação"', async ({ browser, request, baseURL }) => {
  const author = await newMember(request, 'Ana Autora');
  const text = `Pela minha prova ${unique()}`;
  const { post } = await call<PostResponse>(request, 'post', author.token, { text, type: 'REQUEST' }, 2);
  const { context, page } = await browserIn(browser, baseURL, 'pt-BR');
  await presetMemberToken(context, baseURL ?? '', author.token);
  await page.goto(`/pt/community/post/${String(post.id)}`);

  await openPostMenu(page, ptBR);
  await expect(page.getByRole('menuitem', { name: 'Editar publicação' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Excluir publicação' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /oração|pedido/ })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Excluir publicação' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir esta publicação?' });
  await expect(confirm).toContainText('Ela será excluída para todos');
  await confirm.getByRole('button', { name: ptBR.postDetail.cancel }).click();
  await expect(confirm).toBeHidden();

  await openPostMenu(page, ptBR);
  await page.getByRole('menuitem', { name: 'Editar publicação' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar sua publicação' });
  await edit.getByRole('textbox', { name: 'Sua publicação' }).fill(`${text} (amanhã)`);
  await edit.getByRole('button', { name: ptBR.postDetail.save }).click();
  await expect(page.getByTestId('banner')).toContainText('Publicação editada.');
  await context.close();
});

test('EN m10: a request’s and a thanksgiving’s menus say "post"; deleting says "Post deleted."', async ({ browser, request, baseURL }) => {
  const author = await newMember(request, 'Demo Author');
  const { post: asked } = await call<PostResponse>(request, 'post', author.token, { text: `Pray for my exams ${unique()}`, type: 'REQUEST' });
  const { post: thanks } = await call<PostResponse>(request, 'post', author.token, { text: `Thank you for the rain ${unique()}`, type: 'THANK' });
  const { context, page } = await browserIn(browser, baseURL, 'en-US', true);
  await presetMemberToken(context, baseURL ?? '', author.token);

  await page.goto(`/community/post/${String(asked.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prayer request' })).toBeVisible();
  await openPostMenu(page, enUS);
  await expect(page.getByRole('menuitem')).toHaveText(['Mark as answered', 'Edit post', 'Delete post', 'Add an update', 'Share', 'Remind me to pray for this']);
  await page.keyboard.press('Escape');

  await page.goto(`/community/post/${String(thanks.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thanksgiving' })).toBeVisible();
  await openPostMenu(page, enUS);
  await expect(page.getByRole('menuitem', { name: 'Edit post' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // Opened from outside, the page goes to the post's home: the community.
  await page.waitForURL(/\/community$/);
  await expect(page.getByTestId('banner')).toContainText('Post deleted.');
  await context.close();
});
