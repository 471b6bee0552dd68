// Issue #12 point 3 acceptance: a Portuguese or Spanish screen shows no English interface string.
// Every route of e2e/support/route-table.ts that nobody or the demo member opens is rendered in pt
// and in es (one page per language, the app's own navigation between routes), and so are the
// error states that showed English before: a failed login and an empty register form. Each
// screen's visible texts, aria-labels, placeholders and titles are compared against the English
// catalogue (e2e/support/english-catalogue.ts): no shown text may be an English string whose
// translation differs. Guest routes are the member's screens as a guest sees them, left out here.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FramePage, localized, type Lang } from './pages/frame-page';
import { englishLeftovers, englishShown, shownTexts } from './support/english-catalogue';
import { navigateInApp } from './support/in-app-navigation';
import { ROUTES, type RouteCase, type RouteIds } from './support/route-table';
import { apiLogin, DEMO, presetMemberToken } from './support/sign-in';

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
  await request.post('/api/v1/post', { headers, data: { text: 'Pelo nosso grupo', type: 'REQUEST', group_id: group.id } });
  return { ids: { postId, listId: list.id, itemId: item.id, profileSlug: username, groupId: group.id, inviteCode: group.invite?.code ?? '' }, token };
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

for (const lang of ['pt', 'es'] as const) {
  test(`no English on any ${lang} screen, error states included`, async ({ page, context, request, baseURL }) => {
    test.slow();
    const { ids, token } = await routeIds(request);
    const found: string[] = [];

    // Nobody signed in: the public routes, then the error states of the two credential forms.
    const anonymous = ROUTES.filter((route) => route.visitor === 'anonymous');
    for (const [index, route] of anonymous.entries()) {
      await open(page, route, ids, lang, index === 0);
      found.push(...(await englishOn(page, lang, route.name)));
    }
    await page.goto(localized('/login', lang));
    await page.locator('input[name="email"]').fill('nobody@example.org');
    await page.locator('input[name="password"]').fill('wrong password 123');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toBeVisible();
    found.push(...(await englishOn(page, lang, 'failed login')));
    await navigateInApp(page, localized('/register', lang));
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field__error')).toHaveCount(3);
    found.push(...(await englishOn(page, lang, 'empty register form')));

    // The demo member, signed in by cookie: every member route.
    if (baseURL === undefined) throw new Error('needs the baseURL fixture');
    await presetMemberToken(context, baseURL, token);
    const userWords = await listNames(request, token);
    const member = ROUTES.filter((route) => route.visitor === 'member');
    for (const [index, route] of member.entries()) {
      await open(page, route, ids, lang, index === 0);
      found.push(...(await englishOn(page, lang, route.name, userWords)));
    }

    expect(found, 'English strings on Portuguese or Spanish screens').toEqual([]);
  });
}

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
