// Acceptance of issue #4, 'Permanent refusals': an action the server refuses (editing a request
// deleted elsewhere) is rolled back on screen with the banner message of docs/product.md §5, listed among the
// refused changes with the words written (issue #12), and the action queued after it (a prayer)
// still reaches the server exactly once.
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { PostDetailPage } from './pages/post-detail-page';
import { ServerApi, memberToken } from './support/api';
import { signInByCookie } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

test('an edit refused with 404 is rolled back and listed; the prayer queued after it arrives once', async ({ page, context, request, baseURL }) => {
  const community = new CommunityPage(page);
  const detail = new PostDetailPage(page);
  const text = `Refused edit ${Date.now()}: strength for my father's surgery`;
  const editedText = `${text} (edited offline)`;

  await signInByCookie(context, request, baseURL);
  await page.goto('/community');
  await expect(page).toHaveURL(/\/community$/);
  // Offline navigation needs the app shell from the service worker (and no reload held back).
  await waitForServiceWorkerControl(page);
  await expect(community.posts.first()).toBeVisible();
  await community.shareRequest(text);
  const api = new ServerApi(request, await memberToken(context));
  await expect.poll(async () => (await api.search('surgery')).some((post) => post.text === text)).toBe(true);
  const mine = (await api.search('surgery')).find((post) => post.text === text);
  if (!mine) throw new Error('The request did not reach the server');
  await expect(community.syncStatus).toHaveText('All saved');

  // Someone else's request to pray for after the refused edit.
  const other = (await api.feed()).find((post) => post.type === 'REQUEST' && !post.is_mine && !post.atendido && !post.is_anonymous);
  if (!other) throw new Error('The seed needs a request of another member');
  const otherCard = community.post(other.text.slice(0, 60));
  await expect(otherCard).toHaveCount(1);

  // The request's detail, synced; then offline, and the request is deleted elsewhere.
  const link = community.post(text).getByRole('link', { name: text });
  await expect(link).toHaveAttribute('href', `/community/post/${mine.id}`);
  // The detail pulls its post when it opens: the network is cut once that answer is in. Cut while
  // it was out, on a busy host it reached the server after the deletion below, and its 404 took the
  // post off the device (rightly) before the offline edit could be made.
  const detailPulled = context.waitForEvent('requestfinished', (sent) => new URL(sent.url()).pathname === `/api/v1/post/${String(mine.id)}`);
  await link.click();
  await page.waitForURL(`**/community/post/${mine.id}`);
  await expect(detail.text()).toHaveText(text);
  await detailPulled;
  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  await api.deletePost(mine.id);
  expect(await api.postStatus(mine.id)).toBe(404);

  // Offline: edit the request (shown at once), then pray for the other post.
  await detail.postMenu.click();
  await detail.menuItem('Edit post').click();
  const editDialog = detail.dialog('Edit your post');
  await editDialog.getByRole('textbox', { name: 'Your post' }).fill(editedText);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(detail.text()).toHaveText(editedText);
  await detail.backLink.click();
  await page.waitForURL('**/community');
  await community.pray(otherCard);
  await expect.poll(() => community.prayedCount(otherCard)).toBe(other.prayedCount + 1);
  await expect(community.syncStatus).toContainText('2 waiting');
  expect((await api.post(other.id)).prayedCount).toBe(other.prayedCount);

  // Online: the edit is refused (404), rolled back, announced and listed; the prayer goes on.
  await context.setOffline(false);
  // Issue #12: the banner says what was refused, why, and that the words were kept.
  await expect(page.getByRole('alert').filter({ hasText: 'Not accepted: Edit of a post.' })).toContainText('Your words are kept');
  await expect(community.post(editedText)).toHaveCount(0);
  await expect(community.post(text)).toHaveCount(0);
  await expect.poll(async () => (await api.post(other.id)).prayedCount).toBe(other.prayedCount + 1);
  // Issue #12: never "All saved" beside a refused change.
  await expect(community.syncStatus).toHaveText('1 refused');
  await expect.poll(() => community.prayedCount(otherCard)).toBe(other.prayedCount + 1);

  await page.getByRole('button', { name: '1 refused' }).click();
  const refused = page.getByRole('dialog', { name: 'Changes that were not saved' });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem')).toContainText('Edit of a post');
  await expect(refused.getByRole('listitem')).toContainText('This prayer request was deleted or is no longer available.');
  await expect(refused.getByRole('listitem')).toContainText(editedText);

  // Exactly once: a moment later the other post still has one prayer more, not two.
  await page.waitForTimeout(1_500);
  expect((await api.post(other.id)).prayedCount).toBe(other.prayedCount + 1);
});
