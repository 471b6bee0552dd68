// Issue #12 acceptance: 'a double tap counts once; a tap a second later counts again', on the
// screen and on the server. Also: the prayed state shows in the button without moving what
// follows it (REVIEW.md: "You prayed" beside the button pushed "0 comments" to a new line), and the
// absorbed second tap gets an answer (never a silent nothing).
import type { APIRequestContext } from '@playwright/test';
import type { Envelope } from '../common/contract';
import { DOUBLE_TAP_MS } from '../src/commands/pray-gate';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { ServerApi } from './support/api';
import { signInByCookie } from './support/sign-in';

/** A member of its own posts the request: a seeded author's posts fold together (docs/product.md §4). */
async function freshAuthor(request: APIRequestContext): Promise<ServerApi> {
  const email = `double-tap-${Date.now().toString(36)}@prayer.local`;
  const response = await request.post('/api/v1/auth/register', { data: { name: 'Hannah Tap', email, password: 'double-tap-pass-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const token = ((await response.json()) as Envelope<{ authorization: { token: string } }>).data.authorization.token;
  return new ServerApi(request, token);
}

test('a double tap on Pray counts once; a tap a second later counts again', async ({ page, context, request, baseURL }) => {
  const author = await freshAuthor(request);
  const text = `Pray for a steady hand at the exam ${Date.now().toString(36)}`;
  const post = await author.createRequest(text);
  await signInByCookie(context, request, baseURL);
  await page.goto('/community');

  const feed = new CommunityPage(page);
  const card = feed.post(text);
  const button = feed.prayButton(card);
  await expect(button).toHaveAccessibleName('Pray, 0 prayers so far');
  const comments = card.getByRole('link', { name: /comments?$/ });
  /** Where the comments link sits in its card. */
  const commentsPlace = async () => {
    const [link, box] = [await comments.boundingBox(), await card.boundingBox()];
    if (!link || !box) throw new Error('the card or its comments link is not on screen');
    return { x: link.x - box.x, y: link.y - box.y, height: box.height };
  };
  const before = await commentsPlace();

  await button.dblclick();
  const tappedAt = Date.now();
  // The second tap is answered (for a moment), and the first counted.
  await expect(card.getByRole('status')).toHaveText('Your prayer is already counted');
  await expect(card.getByTestId('prayed-count')).toHaveText('1');
  // The prayed state is in the button, which kept its size: the comments link did not move.
  expect(await commentsPlace()).toEqual(before);
  // Sent and acknowledged: no longer '(waiting to sync)'.
  await expect(button).toHaveAccessibleName('You prayed, 1 prayer so far');
  await expect.poll(async () => (await author.post(post.id)).prayedCount, { timeout: 15_000 }).toBe(1);

  // A second after the first tap (the wait is the rule itself, not a guess at the app's speed).
  const left = DOUBLE_TAP_MS + 50 - (Date.now() - tappedAt);
  if (left > 0) await page.waitForTimeout(left);
  await button.click();
  await expect(button).toHaveAccessibleName('You prayed, 2 prayers so far');
  await expect.poll(async () => (await author.post(post.id)).prayedCount, { timeout: 15_000 }).toBe(2);
  expect(await feed.prayedCount(card)).toBe(2);
});
