// Issue #5 acceptance: every route of SPEC §2 in each of the three languages, opened by the visitor
// its checks require: the right layout, an h1, the page's language, no console error and no
// serious or critical axe-core violation. A screenshot of every route in every language is kept
// under <output>/screens/<lang>/<route>.png as an artifact of the run.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { AuthPage } from './pages/auth-page';
import { LandingPage } from './pages/landing-page';
import { collectErrors, FramePage, LANGS, LOCALE_OF, localized, type Lang } from './pages/frame-page';
import { ROUTES, type RouteCase, type RouteIds, type Visitor } from './support/route-table';

const DEMO = { email: 'demo@prayer.local', password: 'pray-with-us' };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Data<T> = { data: T };

/** The ids of a real post, a real list with an item, and the demo member's profile slug. */
async function routeIds(request: APIRequestContext): Promise<RouteIds> {
  const login = await request.post('/api/v1/auth/login', { data: DEMO });
  const { authorization, user } = ((await login.json()) as Data<{ authorization: { token: string }; user: { username: string } }>).data;
  const headers = { authorization: `Bearer ${authorization.token}` };
  const posts = (await (await request.get('/api/v1/posts', { headers })).json()) as Data<{ data: { id: number }[] }>;
  const listResponse = await request.post('/api/v1/list', { headers, data: { name: `Route check ${Date.now().toString(36)}` } });
  const { list } = ((await listResponse.json()) as Data<{ list: { id: number } }>).data;
  const itemResponse = await request.post(`/api/v1/list/${list.id}/item`, { headers, data: { text: 'For the whole family' } });
  const { item } = ((await itemResponse.json()) as Data<{ item: { id: number } }>).data;
  const postId = posts.data.data[0]?.id;
  if (postId === undefined) throw new Error('The seeded feed is empty');
  return { postId, listId: list.id, itemId: item.id, profileSlug: user.username };
}

async function signIn(page: Page, visitor: Visitor): Promise<void> {
  if (visitor === 'guest') {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.continueAsGuest();
    await expect(page).toHaveURL(/\/community$/);
  } else if (visitor === 'member') {
    await new AuthPage(page).login(DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/community$/);
  }
}

async function checkRoute(page: Page, route: RouteCase, ids: RouteIds, lang: Lang): Promise<void> {
  const frame = new FramePage(page);
  await page.goto(localized(route.path(ids), lang));
  await expect(frame.heading.first(), `${route.name}: an h1`).toBeVisible();
  await expect(frame.heading, `${route.name}: one h1`).toHaveCount(1);
  if (route.layout) await expect(frame.layout(route.layout), `${route.name}: layout ${route.layout}`).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_OF[lang]);
  if (route.theme) await expect(page.locator('html')).toHaveAttribute('data-theme', route.theme);
  await page.screenshot({ path: join(test.info().outputDir, 'screens', lang, `${route.name}.png`), fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect.soft(serious, `${route.name} in ${lang}: axe violations`).toEqual([]);
}

// The nine runs share nothing (each makes its own list and signs in afresh): they spread over the
// parallel workers instead of queueing in one (issue #11 item 7: this file is a third of the e2e time).
test.describe.configure({ mode: 'parallel' });

for (const visitor of ['anonymous', 'guest', 'member'] as const) {
  for (const lang of LANGS) {
    test(`every ${visitor} route in ${lang}`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const ids = await routeIds(request);
      await signIn(page, visitor);
      const errors = collectErrors(page);
      for (const route of ROUTES.filter((candidate) => candidate.visitor === visitor)) {
        await test.step(route.name, () => checkRoute(page, route, ids, lang));
      }
      expect(errors).toEqual([]);
    });
  }
}
