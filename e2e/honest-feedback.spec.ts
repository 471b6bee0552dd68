// Acceptance of issue #12 points 1 and 2. Posting offline says the post is saved on this device
// and will be shared when back online (never "Shared"), and the waiting pill lists what waits with
// its words. A refused comment keeps its words: the comment was deleted on another device while
// this one edited it offline, so the server refuses the edit (404) — something this device could
// not know. The refused list shows the edited words and sends them again, after editing, as a new
// comment on the post (which still exists); the new comment reaches the server.
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { PostDetailPage } from './pages/post-detail-page';
import { ServerApi, memberToken } from './support/api';
import { signInByCookie } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

test('a post written offline is saved on this device, listed as waiting, and shared once back online', async ({ page, context, request, baseURL }) => {
  const community = new CommunityPage(page);
  const text = `Honest toast ${Date.now()}: peace for my sister's new job`;

  await signInByCookie(context, request, baseURL);
  await page.goto('/community');
  await waitForServiceWorkerControl(page);
  await expect(community.posts.first()).toBeVisible();
  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');

  await community.shareRequest(text);
  const toast = page.getByTestId('banner');
  await expect(toast).toHaveText('Saved on this device. It will be shared when you are back online.');
  await expect(community.syncStatus).toContainText('Offline · 1 waiting');

  // The waiting pill opens the list of what waits, with the words.
  await community.syncStatus.getByRole('button', { name: 'Offline · 1 waiting' }).click();
  const waiting = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  await expect(waiting.getByRole('listitem')).toContainText('New post');
  await expect(waiting.getByRole('listitem')).toContainText(text);
  await waiting.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(waiting).toBeHidden();

  await context.setOffline(false);
  const api = new ServerApi(request, await memberToken(context));
  await expect.poll(async () => (await api.search('sister')).some((post) => post.text === text)).toBe(true);
  await expect(community.syncStatus).toHaveText('All saved');
});

test('a refused comment keeps its words; edited, it is sent again and reaches the server', async ({ page, context, request, baseURL }) => {
  const community = new CommunityPage(page);
  const detail = new PostDetailPage(page);
  const first = `Words kept ${Date.now()}: praying for you tonight`;
  const edited = `${first}, and for your family`;
  const again = `${edited}. Sent again.`;

  await signInByCookie(context, request, baseURL);
  await page.goto('/community');
  await waitForServiceWorkerControl(page);
  const token = await memberToken(context);
  const api = new ServerApi(request, token);
  const other = (await api.feed()).find((post) => !post.is_mine && !post.is_anonymous);
  if (!other) throw new Error('The seed needs a post of another member');

  // Comment online on someone else's post, opened in the app.
  const card = community.post(other.text.slice(0, 60));
  await card.getByRole('link', { name: other.text }).click();
  await page.waitForURL(`**/community/post/${other.id}`);
  await detail.commentBox.fill(first);
  await detail.commentButton.click();
  await expect.poll(async () => (await api.postComments(other.id)).find((c) => c.comment === first)?.id ?? null).not.toBeNull();
  const serverComment = (await api.postComments(other.id)).find((c) => c.comment === first);
  if (!serverComment) throw new Error('The comment did not reach the server');
  await expect(community.syncStatus).toHaveText('All saved');

  // Offline: edit it here; meanwhile it is deleted on another device.
  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  await detail.comment(first).getByRole('button', { name: 'Comment actions' }).click();
  await detail.menuItem('Edit comment').click();
  const editDialog = detail.dialog('Edit your comment');
  await editDialog.getByRole('textbox').fill(edited);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(detail.comment(edited)).toBeVisible();
  const removed = await request.delete(`/api/v1/post/${other.id}/comment/${serverComment.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(removed.ok()).toBe(true);

  // Back online: refused, announced with the words kept; the header does not claim "All saved".
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: 'Not accepted: Edit of a comment.' })).toContainText('Your words are kept');
  await expect(community.syncStatus).toHaveText('1 refused');

  await page.getByRole('button', { name: '1 refused' }).click();
  const refused = page.getByRole('dialog', { name: 'Changes that were not saved' });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem')).toContainText(edited);
  await refused.getByRole('button', { name: 'Edit and send again' }).click();

  const resend = page.getByRole('dialog', { name: 'Send your comment again' });
  const box = resend.getByRole('textbox', { name: 'Your comment' });
  await expect(box).toHaveValue(edited);
  await box.fill(again);
  await resend.getByRole('button', { name: 'Send' }).click();
  await expect(resend).toBeHidden();

  await expect.poll(async () => (await api.postComments(other.id)).map((c) => c.comment)).toContain(again);
  await expect(community.syncStatus).toHaveText('All saved');
});
