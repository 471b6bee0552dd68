// Issue #5: text must scale to 200%. With the root font size doubled, the key screens of docs/product.md §2
// (community, a post, a list, a prayer session, settings) keep to the Pixel 7 viewport's width
// (no horizontal scrolling) and their main action stays on screen and usable. A screenshot of each
// screen at 200% is kept under <output>/screens/text-200/.
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInByCookie } from './support/sign-in';

const DEMO = { email: 'demo@prayer.local', password: 'pray-with-us' };

type Data<T> = { data: T };
type Ids = { postId: number; listId: number };

/** A real post of the seeded feed and a new list with one item, read from the server. */
async function seededIds(request: APIRequestContext): Promise<Ids> {
  const login = await request.post('/api/v1/auth/login', { data: DEMO });
  const { authorization } = ((await login.json()) as Data<{ authorization: { token: string } }>).data;
  const headers = { authorization: `Bearer ${authorization.token}` };
  const posts = (await (await request.get('/api/v1/posts', { headers })).json()) as Data<{ data: { id: number }[] }>;
  const created = await request.post('/api/v1/list', { headers, data: { name: `Text scale ${Date.now().toString(36)}` } });
  const { list } = ((await created.json()) as Data<{ list: { id: number } }>).data;
  await request.post(`/api/v1/list/${list.id}/item`, { headers, data: { text: 'For the neighbours on our street' } });
  const postId = posts.data.data[0]?.id;
  if (postId === undefined) throw new Error('The seeded feed is empty');
  return { postId, listId: list.id };
}

type Screen = { name: string; path: (ids: Ids) => string; action: (page: Page) => Locator };

const SCREENS: Screen[] = [
  { name: 'community', path: () => '/community', action: (page) => page.getByRole('button', { name: 'Share a request' }) },
  {
    name: 'post detail',
    path: (ids) => `/community/post/${ids.postId}`,
    action: (page) => page.getByRole('button', { name: /^(Pray|You prayed|Give thanks|You gave thanks), \d+ / }).first(),
  },
  { name: 'list', path: (ids) => `/lists/${ids.listId}`, action: (page) => page.getByRole('button', { name: 'Add a prayer' }) },
  { name: 'session', path: (ids) => `/session?list=${ids.listId}`, action: (page) => page.getByRole('button', { name: 'Start' }) },
  { name: 'settings', path: () => '/settings/profile', action: (page) => page.getByRole('button', { name: 'Save profile' }) },
];

/** Doubles the root font size, as a reader's browser setting of 200% text does. */
async function scaleText(page: Page): Promise<void> {
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
}

/**
 * How far the page is wider than the device's screen, in CSS pixels (0 or less when it fits). The
 * device width, not innerWidth: an emulated phone widens its layout viewport to fit content that
 * overflows (as a phone zooms out), so innerWidth would grow with the overflow it should reveal.
 */
function sidewaysOverflow(page: Page, deviceWidth: number): Promise<number> {
  return page.evaluate((width) => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(root.scrollWidth, window.innerWidth) - width;
  }, deviceWidth);
}

test('the key screens keep to the viewport with text at 200%', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const ids = await seededIds(request);
  await signInByCookie(context, request, baseURL);
  const deviceWidth = page.viewportSize()?.width ?? 0;
  expect(deviceWidth).toBeGreaterThan(0);
  for (const screen of SCREENS) {
    await test.step(screen.name, async () => {
      await page.goto(screen.path(ids));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await scaleText(page);
      const action = screen.action(page);
      await expect(action, `${screen.name}: main action`).toBeVisible();
      expect(await sidewaysOverflow(page, deviceWidth), `${screen.name}: horizontal overflow`).toBeLessThanOrEqual(0);
      await action.scrollIntoViewIfNeeded();
      await expect(action, `${screen.name}: main action in the viewport`).toBeInViewport();
      await page.screenshot({ path: join(test.info().outputDir, 'screens', 'text-200', `${screen.name.replace(' ', '-')}.png`) });
      const box = await action.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= deviceWidth, `${screen.name}: main action within the width`).toBe(true);
    });
  }
});
