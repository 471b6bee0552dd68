// Undo on delete, online and offline (issue #26 point 6;
// docs/decisions/0173-undo-through-the-outbox.md): the banner after a delete offers Undo; an undone
// delete brings the prayer back at once and never reaches the server, while other changes made
// meanwhile still go; a delete left alone goes once the banner has gone, exactly once.
import type { Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ListScreen } from './pages/lists-page';
import { ServerApi, memberToken } from './support/api';
import { signInByCookie } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

const POLL = { timeout: 20_000, intervals: [100, 250, 500] };

/** Whether a request asks the server to delete item `itemId`, on its own route or inside a sync push. */
function deletesItem(request: Request, itemId: number): boolean {
  const route = new RegExp(`/item/${itemId}(?:["?]|$)`);
  if (request.method() === 'DELETE' && route.test(request.url())) return true;
  const body = request.postData() ?? '';
  return request.url().endsWith('/sync/push') && body.includes('"DELETE"') && route.test(body);
}

test('undo on delete: online and offline, the undone delete never reaches the server', async ({ page, context, request, baseURL }) => {
  await signInByCookie(context, request, baseURL);
  const api = new ServerApi(request, await memberToken(context));
  const run = Date.now().toString(36);
  const titles = ['Undo online', 'Undo offline', 'Prayed meanwhile', 'Deleted for good'];
  const headers = { authorization: `Bearer ${await memberToken(context)}` };
  const made = await request.post('/api/v1/list', { headers, data: { name: `Undo ${run}`, visibility: 'PRIVATE' } });
  const listId = ((await made.json()) as { data: { list: { id: number } } }).data.list.id;
  const ids = new Map<string, number>();
  for (const title of titles) {
    const added = await request.post(`/api/v1/list/${listId}/item`, { headers, data: { title, text: `For ${title.toLowerCase()}.` } });
    ids.set(title, ((await added.json()) as { data: { item: { id: number } } }).data.item.id);
  }
  const idOf = (title: string) => ids.get(title) ?? 0;
  const sent: Request[] = [];
  context.on('request', (req) => sent.push(req));

  await page.goto(`/lists/${listId}`);
  await waitForServiceWorkerControl(page);
  const list = new ListScreen(page);
  await expect(list.items).toHaveCount(4);
  const banner = page.getByTestId('banner');
  const status = page.getByRole('status', { name: 'Sync status' });
  const deleteItem = async (title: string) => {
    await list.itemAction(title, 'Delete');
    const dialog = page.getByRole('alertdialog', { name: 'Delete this prayer?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(list.item(title)).toHaveCount(0);
  };

  // Online: deleted, then undone from the banner.
  await deleteItem('Undo online');
  await expect(banner).toContainText('Prayer deleted.');
  await banner.getByRole('button', { name: 'Undo' }).click();
  await expect(banner).toContainText('Undone.');
  await expect(list.item('Undo online')).toHaveCount(1);
  await expect(status).toContainText('All saved');

  // Offline: deleted and undone while cut off; a pray made meanwhile is queued.
  await context.setOffline(true);
  await expect(status).toContainText('Offline');
  await deleteItem('Undo offline');
  await expect(banner).toContainText('Prayer deleted. Saved on this device. It will be sent when you are back online.');
  await banner.getByRole('button', { name: 'Undo' }).click();
  await expect(list.item('Undo offline')).toHaveCount(1);
  await list.pray('Prayed meanwhile');
  await expect(status).toContainText('1 waiting');
  await context.setOffline(false);
  await expect.poll(async () => (await api.list(listId)).items.find((item) => item.id === idOf('Prayed meanwhile'))?.prayedCount, POLL).toBe(1);

  // Left alone, a delete goes once its banner has gone (8 s), exactly once.
  await deleteItem('Deleted for good');
  await expect(banner.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect.poll(async () => (await api.list(listId)).items.map((item) => item.title), POLL).toEqual(['Undo online', 'Undo offline', 'Prayed meanwhile']);
  await expect(status).toContainText('All saved');

  expect(sent.filter((req) => deletesItem(req, idOf('Undo online')) || deletesItem(req, idOf('Undo offline')))).toEqual([]);
  expect(sent.filter((req) => deletesItem(req, idOf('Deleted for good')))).toHaveLength(1);
  await expect(list.items).toHaveCount(3);
});
