// Issue #49 (review m14, and m4's toast over "Save note"): a toast keeps clear of what was just
// changed. At phone size, with the changed card low on the screen where the toast would rise, the
// toast takes the top edge instead
// (docs/decisions/0219-a-toast-keeps-clear-of-what-was-just-changed.md).
import type { Locator } from '@playwright/test';
import type { AuthResponse, Envelope, PostResponse } from '../common/contract';
import type { GroupResponse } from '../common/group-contract';
import { enUS } from '../src/i18n/locales/en-US';
import { expect, test } from './support/fixtures';
import { ServerApi } from './support/api';
import { presetMemberToken, signInByCookie } from './support/sign-in';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;

/** Whether the two meet on the screen; null while either is between two renderings (a note taking its real id). */
async function meet(a: Locator, b: Locator): Promise<boolean | null> {
  const [boxA, boxB] = await Promise.all([a.boundingBox({ timeout: 500 }).catch(() => null), b.boundingBox({ timeout: 500 }).catch(() => null)]);
  return boxA && boxB ? overlaps(boxA, boxB) : null;
}

/** Scrolls `locator` so that its bottom sits 100 px above the screen's bottom: where a toast rises. */
async function lowOnScreen(locator: Locator): Promise<void> {
  await locator.evaluate((element) => {
    element.scrollIntoView({ block: 'end' });
    window.scrollBy(0, element.getBoundingClientRect().bottom - (window.innerHeight - 100));
  });
}

/** The toast and each of `changed` never meet, while the toast is shown. */
async function expectClear(toast: Locator, changed: Locator[]): Promise<void> {
  await expect(toast).toBeVisible();
  for (const locator of changed) {
    await expect.poll(() => meet(toast, locator), { timeout: 2_000 }).toBe(false);
  }
}

test('the toast of an update keeps clear of the request card it was added to', async ({ page, context, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const register = await request.post('/api/v1/auth/register', { data: { name: 'Demo Admin', email: `toast-${unique()}@prayer.local`, password: 'toast-clear-1' } });
  const token = ((await register.json()) as Envelope<AuthResponse>).data.authorization.token;
  const call = async <T>(path: string, data: object): Promise<T> => {
    const response = await request.post(`/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
    if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };
  const { group } = await call<GroupResponse>('group', { name: `Tuesday Small Group ${unique()}` });
  const text = `Please pray for my job interview on Thursday ${unique()}`;
  await call<PostResponse>('post', { text, type: 'REQUEST', group_id: group.id });
  await presetMemberToken(context, baseURL, token);
  await page.goto(`/group/${String(group.id)}`);

  const card = page.locator('article.post-card').filter({ hasText: text });
  await expect(card).toBeVisible();
  await lowOnScreen(card);
  await card.getByRole('button', { name: enUS.postDetail.postMenu }).click();
  await page.getByRole('menuitem', { name: enUS.updates.card.addAction }).click();
  const dialog = page.getByRole('dialog', { name: enUS.updates.card.addAction });
  const words = 'The interview went well. Thank you for praying.';
  await dialog.getByRole('textbox').fill(words);
  await dialog.getByRole('button', { name: enUS.updates.later.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(words);
  await expectClear(page.getByTestId('banner'), [card]);
});

test('the toast of a note keeps clear of the note and of "Save note"', async ({ page, context, request, baseURL }) => {
  const api = new ServerApi(request, await signInByCookie(context, request, baseURL));
  const { list, items } = await api.createListWithItems(`Toasts ${unique()}`, ['For my sister’s new job']);
  const item = items[0];
  if (!item) throw new Error('no item');
  await page.goto(`/lists/${String(list.id)}/item/${String(item.id)}`);
  const composer = page.locator('form.entry-composer');
  await expect(composer).toBeVisible();
  await lowOnScreen(composer);
  const words = `Called her today ${unique()}`;
  await composer.getByRole('textbox').fill(words);
  await composer.getByRole('button', { name: 'Save note' }).click();
  const note = page.locator('li.entry').filter({ hasText: words });
  await expect(note).toBeVisible();
  await expectClear(page.getByTestId('banner'), [note, composer.getByRole('button', { name: 'Save note' })]);
});
