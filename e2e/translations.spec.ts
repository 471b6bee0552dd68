// Issue #12 point 3 acceptance: a Portuguese or Spanish screen shows no English interface string.
// Every route of e2e/support/route-table.ts that nobody or the demo member opens is rendered in pt
// and in es (one page per language, the app's own navigation between routes), and so are the
// error states that showed English before: a failed login and an empty register form. Each
// screen's visible texts, aria-labels, placeholders and titles are compared against the English
// catalogue (e2e/support/english-catalogue.ts): no shown text may be an English string whose
// translation differs. Guest routes are the member's screens as a guest sees them, left out here.
// Issue #49 item 2: the same walk, in English too, reads every screen for key-shaped text (a raw
// key such as "updates.later.submit", an unfilled "{{name}}": e2e/support/key-shaped.ts), and the
// Notifications screen holds a notification of each kind a member's own actions and another
// member's bring (prayed, commented, answered, an update, a group's new post).
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FramePage, localized, type Lang } from './pages/frame-page';
import { englishLeftovers, englishShown, shownTexts } from './support/english-catalogue';
import { keysIn, keysShown } from './support/key-shaped';
import { navigateInApp } from './support/in-app-navigation';
import { ROUTES, type RouteCase, type RouteIds } from './support/route-table';
import { apiLogin, DEMO, presetMemberToken } from './support/sign-in';
import { enUS } from '../src/i18n/locales/en-US';
import { esES } from '../src/i18n/locales/es-ES';
import { ptBR } from '../src/i18n/locales/pt-BR';

type Data<T> = { data: T };

async function routeIds(request: APIRequestContext): Promise<{ ids: RouteIds; token: string }> {
  const { token, username } = await apiLogin(request, DEMO);
  const headers = { authorization: `Bearer ${token}` };
  const posts = (await (await request.get('/api/v1/posts', { headers })).json()) as Data<{ data: { id: number }[] }>;
  const list = ((await (await request.post('/api/v1/list', { headers, data: { name: `Words ${Date.now().toString(36)}` } })).json()) as Data<{ list: { id: number } }>).data.list;
  const item = ((await (await request.post(`/api/v1/list/${list.id}/item`, { headers, data: { text: 'Pela família' } })).json()) as Data<{ item: { id: number } }>).data.item;
  const postId = posts.data.data[0]?.id;
  if (postId === undefined) throw new Error('The seeded feed is empty');
  // Issue #28: a group of the demo member's, with a request in it, for the group screens.
  const { group } = ((await (await request.post('/api/v1/group', { headers, data: { name: `Grupo ${Date.now().toString(36)}` } })).json()) as Data<{ group: { id: number; invite: { code: string } | null } }>).data;
  const { post: groupPost } = ((await (await request.post('/api/v1/post', { headers, data: { text: 'Pelo nosso grupo', type: 'REQUEST', group_id: group.id } })).json()) as Data<{ post: { id: number } }>).data;
  await notificationsOfEveryKind(request, token, group, groupPost.id);
  return { ids: { postId, listId: list.id, itemId: item.id, profileSlug: username, groupId: group.id, inviteCode: group.invite?.code ?? '' }, token };
}

/**
 * Issue #49 item 2: a notification of each kind for the demo member, from another member: prayed
 * and commented (on the group's request), a group's new post, and on a request the demo member
 * prayed for, an update and its answer. (A sent reminder needs the reminder clock: not here.)
 */
async function notificationsOfEveryKind(request: APIRequestContext, demoToken: string, group: { id: number; invite: { code: string } | null }, demoPostId: number): Promise<void> {
  const email = `rute-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@prayer.local`;
  const registered = (await (await request.post('/api/v1/auth/register', { data: { name: 'Rute', email, password: 'words-pass-1' } })).json()) as Data<{ authorization: { token: string } }>;
  const other = { authorization: `Bearer ${registered.data.authorization.token}` };
  const demo = { authorization: `Bearer ${demoToken}` };
  const ok = async (response: Promise<APIResponse>): Promise<APIResponse> => {
    const answer = await response;
    if (!answer.ok()) throw new Error(`${answer.url()}: ${String(answer.status())}`);
    return answer;
  };
  await ok(request.post(`/api/v1/invite/${group.invite?.code ?? ''}/join`, { headers: other }));
  await ok(request.post(`/api/v1/post/${String(demoPostId)}/pray`, { headers: other }));
  await ok(request.post(`/api/v1/post/${String(demoPostId)}/comment`, { headers: other, data: { comment: 'Amém' } }));
  await ok(request.post('/api/v1/post', { headers: other, data: { text: 'Pela colheita', type: 'REQUEST', group_id: group.id } }));
  const theirs = ((await (await ok(request.post('/api/v1/post', { headers: other, data: { text: 'Pela minha mãe', type: 'REQUEST' } }))).json()) as Data<{ post: { id: number } }>).data.post;
  await ok(request.post(`/api/v1/post/${String(theirs.id)}/pray`, { headers: demo }));
  await ok(request.post(`/api/v1/post/${String(theirs.id)}/update`, { headers: other, data: { text: 'Ela está melhor' } }));
  await ok(request.post('/api/v1/post/answer', { headers: other, data: { post_id: theirs.id, answer_text: 'Ela voltou para casa' } }));
}

/** The key-shaped texts on the current screen (e2e/support/key-shaped.ts), named by `where`. */
async function keysOn(page: Page, where: string): Promise<string[]> {
  return keysShown(await shownTexts(page), where);
}

/** The names of the member's own lists: their words (the seed names one 'My prayers'), not the interface's. */
async function listNames(request: APIRequestContext, token: string): Promise<Set<string>> {
  const body: unknown = await (await request.get('/api/v1/list', { headers: { authorization: `Bearer ${token}` } })).json();
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'name' && typeof child === 'string') names.add(child);
        else walk(child);
      }
    }
  };
  walk(body);
  return names;
}

/** The English strings shown on the current screen, named by `where`. */
async function englishOn(page: Page, lang: 'pt' | 'es', where: string, userWords = new Set<string>()): Promise<string[]> {
  const hits = englishShown((await shownTexts(page)).filter((text) => !userWords.has(text)), englishLeftovers(lang));
  return hits.map((hit) => `${where}: ${hit}`);
}

async function open(page: Page, route: RouteCase, ids: RouteIds, lang: Lang, first: boolean): Promise<void> {
  const href = localized(route.path(ids), lang);
  if (first || route.fullLoad !== undefined) {
    await page.goto(href);
    // The static first paint (index.html) has an h1 of its own: check the app's screen instead.
    await page.locator('.first-paint').waitFor({ state: 'detached', timeout: 15_000 });
  } else await navigateInApp(page, href);
  await expect(new FramePage(page).heading.first(), `${route.name}: an h1`).toBeVisible();
  if (route.content) await expect(route.content(page), `${route.name}: its content`).toBeVisible();
}

for (const lang of ['en', 'pt', 'es'] as const) {
  test(`no raw key${lang === 'en' ? '' : ' and no English'} on any ${lang} screen, error states and every notification kind included`, async ({ page, context, request, baseURL }) => {
    test.slow();
    const { ids, token } = await routeIds(request);
    const found: string[] = [];
    // English leftovers on the Portuguese and Spanish screens; key-shaped text in every language.
    const check = async (where: string, userWords = new Set<string>()) => {
      found.push(...(await keysOn(page, where)));
      if (lang !== 'en') found.push(...(await englishOn(page, lang, where, userWords)));
    };

    // Nobody signed in: the public routes, then the error states of the two credential forms.
    const anonymous = ROUTES.filter((route) => route.visitor === 'anonymous');
    for (const [index, route] of anonymous.entries()) {
      await open(page, route, ids, lang, index === 0);
      await check(route.name);
    }
    await page.goto(localized('/login', lang));
    await page.locator('input[name="email"]').fill('nobody@example.org');
    await page.locator('input[name="password"]').fill('wrong password 123');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await check('failed login');
    await navigateInApp(page, localized('/register', lang));
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field__error')).toHaveCount(3);
    await check('empty register form');

    // The demo member, signed in by cookie: every member route.
    if (baseURL === undefined) throw new Error('needs the baseURL fixture');
    await presetMemberToken(context, baseURL, token);
    const userWords = await listNames(request, token);
    const member = ROUTES.filter((route) => route.visitor === 'member');
    for (const [index, route] of member.entries()) {
      await open(page, route, ids, lang, index === 0);
      await check(route.name, userWords);
    }
    // Issue #49 item 2: the Notifications of every kind, read once they are all there, opened cold
    // (the update's sentence is a text that loads after the first screen).
    await page.goto(localized('/notifications', lang));
    const texts = { en: enUS, pt: ptBR, es: esES }[lang];
    for (const kind of [texts.updates.later.notification, texts.notifications.answered]) {
      await expect(page.getByTestId('notification').filter({ hasText: kind }).first()).toBeVisible();
    }
    await check('notifications, every kind', userWords);

    expect(found, 'raw keys, or English strings on Portuguese or Spanish screens').toEqual([]);
  });
}

test('the key check finds a planted key on a screen, and no key in the catalogues\' own texts', async ({ page }) => {
  expect(keysIn('updates.later.submit')).toEqual(['updates.later.submit']);
  expect(keysIn('Olá, {{name}}')).toHaveLength(1);
  // An address, an e-mail or a version is no key; nor is a text of any catalogue.
  expect(keysIn('demo@prayer.local https://example.org/updates.later v1.2.3')).toEqual([]);
  for (const texts of [enUS, ptBR, esES]) {
    const leaves: string[] = [];
    const walk = (node: unknown): void => {
      if (typeof node === 'string') leaves.push(node.replace(/\{\{\s*[\w.]+\s*\}\}/g, 'X'));
      else if (typeof node === 'object' && node !== null) Object.values(node).forEach(walk);
    };
    walk(texts);
    expect(leaves.flatMap(keysIn)).toEqual([]);
  }
  // Planted on a real screen: the sweep reads it.
  await page.goto('/pt');
  await page.locator('.first-paint').waitFor({ state: 'detached', timeout: 15_000 });
  expect(await keysOn(page, 'landing')).toEqual([]);
  await page.evaluate(() => {
    const planted = document.createElement('p');
    planted.textContent = 'updates.later.submit';
    document.querySelector('main')?.append(planted);
  });
  expect(await keysOn(page, 'landing')).toEqual(['landing: "updates.later.submit"']);
});

test('the catalogue check finds an English string, with placeholders', () => {
  const english = englishLeftovers('pt');
  expect(englishShown(['These credentials do not match our records', 'Você orou 2 vezes hoje'], english)).toHaveLength(1);
  expect(englishShown(['You prayed 2 times today'], english)).toHaveLength(1);
  // A count is a number: "Mine 3 prayers" is not "{{count}} prayers".
  expect(englishShown(['Mine 3 prayers'], english)).toEqual([]);
  // A Portuguese string of the catalogue is never English, though "Link {{provider}}" would match it.
  expect(englishShown(['Link de convite'], english)).toEqual([]);
  expect(englishShown(['Link Google'], english)).toHaveLength(1);
});
