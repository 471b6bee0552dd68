// Issue #26 point 5: a list item's screen says what it is. Its card is the page's heading, no
// count line stands above it, and comments (which others read) are offered only on a public list;
// the person's private notes are there either way.
import { expect, test } from './support/fixtures';
import { ServerApi } from './support/api';
import { signInByCookie } from './support/sign-in';

test('an item of a private list has a heading and notes, and no comment box; a public one has comments', async ({ page, context, request, baseURL }) => {
  const token = await signInByCookie(context, request, baseURL);
  const api = new ServerApi(request, token);
  const { list, items } = await api.createListWithItems(`Private ${Date.now().toString(36)}`, ['For my sister’s new job']);
  const item = items[0];
  if (!item) throw new Error('no item');
  await page.goto(`/lists/${list.id}/item/${item.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('For my sister’s new job');
  await expect(page.getByRole('textbox', { name: 'Write a note' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await expect(page.getByText(/^\d+ prayers?$/)).toHaveCount(0);

  const shared = await request.put(`/api/v1/list/${list.id}`, { headers: { authorization: `Bearer ${token}` }, data: { name: list.name, visibility: 'PUBLIC' } });
  expect(shared.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Write a comment' })).toBeVisible();
});
