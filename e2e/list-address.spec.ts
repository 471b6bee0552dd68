// Issue #26 point 8: a list made offline opens at its temporary id (/lists/-N) so it works offline,
// keeps it through an offline reload, and moves to its real id as soon as the server gives one,
// with no reload needed; the real address is the one that stays after a reload.
import { expect, test } from './support/fixtures';
import { ListsPage } from './pages/lists-page';
import { waitForServiceWorkerControl } from './support/service-worker';
import { signInByCookie } from './support/sign-in';

test('a list made offline moves from its temporary address to its real one once sent', async ({ page, context, request, baseURL }) => {
  await signInByCookie(context, request, baseURL);
  const lists = new ListsPage(page);
  await lists.goto();
  await waitForServiceWorkerControl(page);
  await lists.goto();
  await context.setOffline(true);
  const name = `Made offline ${Date.now().toString(36)}`;
  const screen = await lists.createList(name, '');
  await expect(page).toHaveURL(/\/lists\/-\d+$/);
  await page.reload();
  await expect(screen.heading(name)).toBeVisible();
  await expect(page).toHaveURL(/\/lists\/-\d+$/);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/lists\/[1-9]\d*$/, { timeout: 15_000 });
  await expect(screen.heading(name)).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/lists\/[1-9]\d*$/);
  await expect(screen.heading(name)).toBeVisible();
});
