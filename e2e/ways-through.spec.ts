// Issue #26 point 6: the ways a new member looked for and did not find. An author's name opens
// their profile (and a profile whose requests are not on this device says so instead of an empty
// heading); a guest finds "Create account" in the account menu; a guest sent to register from
// Lists comes back to Lists once registered.
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { ListsPage } from './pages/lists-page';
import { signInByCookie } from './support/sign-in';

test("an author's name opens their profile", async ({ page, context, request, baseURL }) => {
  await signInByCookie(context, request, baseURL);
  const community = new CommunityPage(page);
  await community.goto();
  const card = community.posts.filter({ has: page.locator('.post-card__author-link') }).first();
  const author = card.locator('.post-card__author-link');
  const name = (await author.textContent()) ?? '';
  expect(name).not.toBe('');
  await author.click();
  await expect(page).toHaveURL(/\/profile\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a guest creates an account from the account menu, and one sent from Lists comes back to Lists', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  const community = new CommunityPage(page);
  await expect(community.posts.first()).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  const create = page.getByRole('menuitem', { name: 'Create account' });
  await expect(create).toHaveAttribute('href', '/register?next=%2Fcommunity');
  await page.keyboard.press('Escape');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' }).click();
  await expect(page).toHaveURL(/\/register\?need=lists&next=%2Flists$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('Lists Seeker');
  await page.getByRole('textbox', { name: 'Email' }).fill(`lists-seeker-${Date.now().toString(36)}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-pw');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(new ListsPage(page).heading).toBeVisible();
});
