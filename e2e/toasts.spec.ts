// Issue #26 point 7: toasts keep out of the way. An open menu is never under a toast (it steps
// aside until the menu closes); a toast stays with the page it was shown on: the action's own
// change of page keeps it ("List created." on the new list), the person's next one takes it away
// (before its 5 s would have).
import { NAVIGATION_GRACE_MS } from '../src/components/banner-timing';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { ListsPage } from './pages/lists-page';
import { signInByCookie } from './support/sign-in';

test('a toast steps aside for an open menu and stays behind when the person changes page', async ({ page, context, request, baseURL }) => {
  await signInByCookie(context, request, baseURL);
  const lists = new ListsPage(page);
  await lists.goto();
  const toast = page.getByTestId('banner');
  // Creating a list opens it: that change of page is the action's own, and the toast goes along.
  await lists.createList(`Toasts ${Date.now().toString(36)}`, '');
  await expect(toast).toContainText('List created.');
  const shownAt = Date.now();

  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(toast).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toast).toBeVisible();

  // Past the action's grace, the person goes to another page: the toast stays behind.
  await page.waitForTimeout(Math.max(0, shownAt + NAVIGATION_GRACE_MS + 100 - Date.now()));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click();
  await expect(new CommunityPage(page).heading).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 1000 });
  expect(Date.now() - shownAt).toBeLessThan(4500); // gone with the page, not by its own 5 s
});
