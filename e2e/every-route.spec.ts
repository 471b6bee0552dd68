// Issue #5 acceptance: every route of docs/product.md §2 in each of the three languages, opened by the visitor
// its checks require: the right layout, an h1, the page's language, no console error and no
// serious or critical axe-core violation (the contrast rules in light and dark mode on the English
// screens, every other rule in each language); and at 195, 320, 768 and 1440 px wide no
// horizontal overflow and no clipped text, with a screenshot kept under
// <output>/screens/<lang>/<width>/<route>.jpeg where a fault is found, or of every route in every
// language at each width with E2E_SCREENS=1 (issue #12 point 5, e2e/support/layout-sweep.ts).
//
// How each route is opened (issue #11 item 7,
// docs/decisions/0157-every-route-opens-most-routes-by-the-app-s-own-navigation.md): a full page
// load restarts the app, its sync worker and their pulls, so most routes are opened by the app's
// own client-side navigation (e2e/support/in-app-navigation.ts), waiting for the new route's
// heading. Each route is still loaded in full in one of the three languages (the first route of a
// run and every third one after, shifted by the language), and the routes marked `fullLoad` always
// are.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { LandingPage } from './pages/landing-page';
import { collectErrors, FramePage, LANGS, LOCALE_OF, localized, type Lang } from './pages/frame-page';
import { navigateInApp } from './support/in-app-navigation';
import { checkAxe, sweepWidths } from './support/layout-sweep';
import { ROUTES, type RouteCase, type RouteIds, type Visitor } from './support/route-table';
import { apiLogin, DEMO, presetMemberToken } from './support/sign-in';

type Data<T> = { data: T };
type Opening = 'load' | 'in-app';

/** The language whose run checks the colour rules (contrast) of each route, in both colour modes. */
const COLOUR_LANG: Lang = 'en';

/** The ids of a real post, a real list with an item, and the demo member's profile slug; and its token. */
async function routeIds(request: APIRequestContext): Promise<{ ids: RouteIds; token: string }> {
  const { token, username } = await apiLogin(request, DEMO);
  const headers = { authorization: `Bearer ${token}` };
  const posts = (await (await request.get('/api/v1/posts', { headers })).json()) as Data<{ data: { id: number }[] }>;
  const listResponse = await request.post('/api/v1/list', { headers, data: { name: `Route check ${Date.now().toString(36)}` } });
  const { list } = ((await listResponse.json()) as Data<{ list: { id: number } }>).data;
  const itemResponse = await request.post(`/api/v1/list/${list.id}/item`, { headers, data: { text: 'For the whole family' } });
  const { item } = ((await itemResponse.json()) as Data<{ item: { id: number } }>).data;
  const postId = posts.data.data[0]?.id;
  if (postId === undefined) throw new Error('The seeded feed is empty');
  // Issue #28: a group of the demo member's, with a request in it, for the group screens.
  const { group } = ((await (await request.post('/api/v1/group', { headers, data: { name: `Route check group ${Date.now().toString(36)}` } })).json()) as Data<{ group: { id: number; invite: { code: string } | null } }>).data;
  await request.post('/api/v1/post', { headers, data: { text: 'For our small group', type: 'REQUEST', group_id: group.id } });
  const ids = { postId, listId: list.id, itemId: item.id, profileSlug: username, groupId: group.id, inviteCode: group.invite?.code ?? '' };
  return { ids, token };
}

/** A guest continues from the landing page; the member is a returning one (its token in the cookie, e2e/support/sign-in.ts). */
async function signIn(page: Page, context: BrowserContext, baseURL: string, visitor: Visitor, token: string): Promise<void> {
  if (visitor === 'guest') {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.continueAsGuest();
    await expect(page).toHaveURL(/\/community$/);
  } else if (visitor === 'member') {
    await presetMemberToken(context, baseURL, token);
  }
}

/** In `lang` (its place in LANGS), route number `index` of a run is loaded in full when index % 3 is that place. */
function opening(route: RouteCase, index: number, lang: Lang): Opening {
  if (index === 0 || route.fullLoad !== undefined || index % LANGS.length === LANGS.indexOf(lang)) return 'load';
  return 'in-app';
}

async function checkRoute(page: Page, route: RouteCase, ids: RouteIds, lang: Lang, open: Opening): Promise<void> {
  const frame = new FramePage(page);
  const href = localized(route.path(ids), lang);
  if (open === 'load') await page.goto(href);
  else await navigateInApp(page, href);
  await expect(frame.heading.first(), `${route.name}: an h1`).toBeVisible();
  await expect(frame.heading, `${route.name}: one h1`).toHaveCount(1);
  if (route.layout) await expect(frame.layout(route.layout), `${route.name}: layout ${route.layout}`).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_OF[lang]);
  if (route.theme) await expect(page.locator('html')).toHaveAttribute('data-theme', route.theme);
  if (route.content) await expect(route.content(page), `${route.name}: its content, read`).toBeVisible();
  await test.step('widths 320, 768, 1440', () => sweepWidths(page, test.info(), lang, route.name));
  // docs/product.md §2 forces light on the public layout and dark on the password reset: one mode to check there.
  const forced = route.theme ?? (route.layout === 'public' ? 'light' : undefined);
  // Colours do not change with the language: the colour rules run on the English screens, every
  // other rule in each language (docs/decisions/0163-ci-time-measured-and-what-limits-it.md).
  const colours = lang === COLOUR_LANG;
  await test.step(colours ? 'axe, light and dark' : 'axe, light, without the colour rules', () => checkAxe(page, `${route.name} in ${lang}`, forced, colours));
}

// The nine runs share nothing (each makes its own list and signs in afresh): they spread over the
// parallel workers instead of queueing in one (issue #11 item 7: this file is a third of the e2e time).
test.describe.configure({ mode: 'parallel' });

for (const visitor of ['anonymous', 'guest', 'member'] as const) {
  for (const lang of LANGS) {
    test(`every ${visitor} route in ${lang}`, async ({ page, context, request, baseURL }) => {
      test.setTimeout(300_000);
      if (baseURL === undefined) throw new Error('No baseURL (e2e/support/fixtures.ts sets one per worker)');
      const { ids, token } = await routeIds(request);
      await signIn(page, context, baseURL, visitor, token);
      const errors = collectErrors(page);
      const routes = ROUTES.filter((candidate) => candidate.visitor === visitor);
      for (const [index, route] of routes.entries()) {
        await test.step(`${route.name} (${opening(route, index, lang)})`, () => checkRoute(page, route, ids, lang, opening(route, index, lang)));
      }
      expect(errors).toEqual([]);
    });
  }
}
