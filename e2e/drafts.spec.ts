// Issue #26 point 1 acceptance: what a person types is never lost to a stray tap, a reload or a
// lost signal. The composer asks "Discard this draft?" before a tap outside throws words away,
// keeps them through an offline reload and a reload the moment after typing, and forgets them once
// they are sent; a comment half written survives leaving the post; and the question reads right in
// Portuguese and Spanish.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { PostDetailPage } from './pages/post-detail-page';
import { localized } from './pages/frame-page';
import { waitForServiceWorkerControl } from './support/service-worker';
import { signInByCookie } from './support/sign-in';

const LONG_REQUEST = [
  'Please pray for my father, who has surgery on Thursday morning at the regional hospital.',
  'He is afraid, and so are we; pray for the surgeons, for peace in the waiting room,',
  'and for my mother, who has not slept well all week.',
].join(' ');

/** A tap on the backdrop, outside the dialog's box (its top-left corner). */
async function tapOutside(page: Page): Promise<void> {
  await page.mouse.click(4, 4);
}

test('a long request survives a tap outside, an offline reload, and is gone once sent', async ({ page, context, request, baseURL }) => {
  // A member, not a guest: a guest's post at the top of the feed reads "Guest" in every language
  // until guests have names of their own (issue #26 point 3), which the translations spec refuses.
  await signInByCookie(context, request, baseURL);
  const community = new CommunityPage(page);
  const { composer } = community;
  await community.goto();
  await expect(community.posts.first()).toBeVisible();
  await waitForServiceWorkerControl(page);

  await community.shareButton.click();
  await composer.fill(LONG_REQUEST);
  await tapOutside(page);
  const question = page.getByRole('alertdialog', { name: 'Discard this draft?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep writing' }).click();
  await expect(question).toBeHidden();
  await expect(composer.textbox).toHaveValue(LONG_REQUEST);
  await expect(composer.textbox).toBeFocused();

  await context.setOffline(true);
  await page.reload();
  await expect(community.heading).toBeVisible();
  await community.shareButton.click();
  await expect(composer.textbox).toHaveValue(LONG_REQUEST);

  await composer.submit();
  await expect(composer.dialog).toBeHidden();
  await expect(community.post(LONG_REQUEST.slice(0, 60)).first()).toBeVisible();
  await community.shareButton.click();
  await expect(composer.textbox).toHaveValue('');
  // Blank: it closes at once, asking nothing.
  await page.keyboard.press('Escape');
  await expect(composer.dialog).toBeHidden();
  await page.reload();
  await community.shareButton.click();
  await expect(composer.textbox).toHaveValue('');
  await context.setOffline(false);
});

test('words typed a moment before a reload come back (the page spills what it had not yet saved)', async ({ page, context, request, baseURL }) => {
  // No wait between typing and the reload: the debounced save has not run, and a write begun as
  // the page goes may not finish (docs/decisions.md 'A draft typed a moment before a reload').
  await signInByCookie(context, request, baseURL);
  const community = new CommunityPage(page);
  const { composer } = community;
  await community.goto();
  await community.shareButton.click();
  await composer.fill(LONG_REQUEST);
  await page.reload();
  await community.shareButton.click();
  await expect(composer.textbox).toHaveValue(LONG_REQUEST);
});

test('a comment half written is there again after leaving the post, and goes once sent', async ({ page, context, request, baseURL }) => {
  const token = await signInByCookie(context, request, baseURL);
  const feed = (await (await request.get('/api/v1/posts', { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { data: { id: number }[] } };
  const postId = feed.data.data[0]?.id;
  if (postId === undefined) throw new Error('The seeded feed is empty');
  const detail = new PostDetailPage(page);
  await detail.goto(postId);
  const words = `Praying for you this week ${Date.now().toString(36)}`;
  await detail.commentBox.fill(words);
  await detail.backLink.click();
  await expect(new CommunityPage(page).heading).toBeVisible();
  await detail.goto(postId);
  await expect(detail.commentBox).toHaveValue(words);
  await detail.commentButton.click();
  await expect(page.getByRole('article').filter({ hasText: words })).toBeVisible();
  await expect(detail.commentBox).toHaveValue('');
  await page.reload();
  await expect(detail.commentBox).toHaveValue('');
});

for (const { lang, share, title, keep, discard, textbox } of [
  { lang: 'pt', share: 'Compartilhar um pedido', title: 'Descartar este rascunho?', keep: 'Continuar escrevendo', discard: 'Descartar', textbox: 'O que está no seu coração?' },
  { lang: 'es', share: 'Compartir una petición', title: '¿Descartar este borrador?', keep: 'Seguir escribiendo', discard: 'Descartar', textbox: '¿Qué llevas en el corazón?' },
] as const) {
  test(`Escape asks in ${lang}; Keep writing keeps, Discard empties the composer for good`, async ({ page, context, request, baseURL }) => {
    await signInByCookie(context, request, baseURL);
    await page.goto(localized('/community', lang));
    await page.getByRole('button', { name: share }).click();
    const box = page.getByRole('textbox', { name: textbox });
    await box.fill('Oração pela família · oración por la familia');
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: title });
    await question.getByRole('button', { name: keep }).click();
    await expect(box).toHaveValue('Oração pela família · oración por la familia');
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: discard }).click();
    await expect(box).toBeHidden();
    await page.reload();
    await page.getByRole('button', { name: share }).click();
    await expect(box).toHaveValue('');
  });
}
