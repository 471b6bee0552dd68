// Issue #26 point 3 acceptance: a guest's post is signed, to another viewer, with the guest word of
// the viewer's language and the guest's own number ("Visitante 4821", "Invitado 4821"), the same
// number in every language and on every screen; never the English "Guest", never a username.
import type { APIRequestContext } from '@playwright/test';
import type { Envelope, GuestAuthResponse } from '../common/contract';
import { guestNumber } from '../common/guest-name';
import { expect, test } from './support/fixtures';
import { ServerApi, guestToken } from './support/api';
import { LandingPage } from './pages/landing-page';
import { localized } from './pages/frame-page';
import { signInByCookie } from './support/sign-in';

async function guestPost(request: APIRequestContext, channelId: number, text: string): Promise<{ guestId: number; postId: number }> {
  const login = await request.post('/api/v1/guest/login', { data: { channel_id: channelId } });
  expect(login.ok()).toBe(true);
  const { authorization, guest } = ((await login.json()) as Envelope<GuestAuthResponse>).data;
  const post = await new ServerApi(request, authorization.token).createRequest(text);
  return { guestId: guest.id, postId: post.id };
}

for (const { lang, channelId, word } of [
  { lang: 'pt', channelId: 2, word: 'Visitante' },
  { lang: 'es', channelId: 3, word: 'Invitado' },
  { lang: 'en', channelId: 1, word: 'Guest' },
] as const) {
  test(`a guest's request is signed "${word} NNNN" for a member reading in ${lang}`, async ({ page, context, request, baseURL }) => {
    const text = `Name check ${lang} ${Date.now().toString(36)}`;
    const { guestId, postId } = await guestPost(request, channelId, text);
    await signInByCookie(context, request, baseURL);
    await page.goto(localized(`/community/post/${postId}`, lang));
    const card = page.getByRole('article').filter({ hasText: text }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText(`${word} ${guestNumber(guestId)}`);
    if (lang !== 'en') await expect(card).not.toContainText('Guest');
  });
}

test('a guest chooses the name others see, from the account menu', async ({ page, context, request }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  const api = new ServerApi(request, await guestToken(context));
  const post = await api.createRequest(`Chosen name check ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toContainText(/Signed in as Guest \d{4}/);
  await page.getByRole('menuitem', { name: 'Choose your name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your name' });
  // Issue #49 (review m6): one line, the name others see now as its hint, Enter saves.
  const field = dialog.getByRole('textbox', { name: 'Your name' });
  await expect(field).toHaveJSProperty('tagName', 'INPUT');
  await expect(field).toHaveAttribute('placeholder', /^Guest \d{4}$/);
  await field.fill('Grace on the train');
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await api.post(post.id)).user.name, { timeout: 10_000 }).toBe('Grace on the train');
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toContainText('Signed in as Grace on the train');
});
