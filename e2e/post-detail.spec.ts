// The post detail screen (docs/product.md §2 '/community/post/{id}'; issue #5's keyboard journey for its
// part): open a post from the feed, comment, like, write a private note, and mark one's own
// request answered with a testimony, with the keyboard alone; the server ends up with each change.
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { PostDetailPage } from './pages/post-detail-page';
import { ServerApi, guestToken } from './support/api';
import { waitForServiceWorkerControl } from './support/service-worker';

test('open a post from the feed, comment, like, note and mark it answered by keyboard', async ({ page, context, request }) => {
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  const detail = new PostDetailPage(page);
  const text = `Detail journey ${Date.now()}: pray for my exams this week`;

  await landing.goto();
  await landing.continueAsGuest();
  await community.shareRequest(text);
  // Focus on the new card's link, while it may still have its temporary id: getting the real one
  // keeps the card (and the focus in it; src/routes/-feed-rows.ts keepKeys).
  const link = community.post(text).getByRole('link', { name: text });
  await link.focus();
  const api = new ServerApi(request, await guestToken(context));
  await expect.poll(async () => (await api.search('exams')).some((post) => post.text === text)).toBe(true);
  const serverPost = (await api.search('exams')).find((post) => post.text === text);
  if (!serverPost) throw new Error('The request did not reach the server');

  // Open it from the feed with the keyboard: the post's text is a link to its detail.
  // Once acknowledged, the card links to the server id (a temporary id would work too).
  await expect(link).toHaveAttribute('href', `/community/post/${serverPost.id}`);
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/community/post/${serverPost.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prayer request' })).toBeVisible();
  await expect(detail.text()).toHaveText(text);
  await expect(detail.commentsTab).toHaveAttribute('aria-selected', 'true');

  // docs/product.md §5-style validation, in the form: an empty comment is not sent.
  await detail.commentButton.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Write your comment before sending it.');

  // Comment: type, Tab to the button, Enter.
  const commentText = 'Praying for calm and clear thinking.';
  await detail.commentBox.focus();
  await page.keyboard.type(commentText);
  await page.keyboard.press('Tab');
  await expect(detail.commentButton).toBeFocused();
  await page.keyboard.press('Enter');
  const comment = detail.comment(commentText);
  await expect(comment).toBeVisible();
  await expect(detail.commentBox).toHaveValue('');
  await expect(detail.commentsTab).toHaveText('Comments (1)');
  await expect.poll(async () => (await api.postComments(serverPost.id)).map((c) => c.comment)).toEqual([commentText]);

  // Like it (Space on the button): shown at once, then on the server. Wait for the comment's
  // acknowledgement first: its row then changes from the temporary id to the server's.
  await expect(community.syncStatus).toHaveText('All saved');
  await detail.likeButton(comment).press('Space');
  await expect(detail.likeButton(comment)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await api.postComments(serverPost.id))[0]?.likeCount).toBe(1);

  // Notes: arrow from the comments tab to the notes tab (radix Tabs), write a private note.
  await detail.commentsTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(detail.notesTab).toBeFocused();
  await expect(detail.notesTab).toHaveAttribute('aria-selected', 'true');
  const noteText = 'Asked again on Tuesday; peace came.';
  await detail.noteBox.focus();
  await page.keyboard.type(noteText);
  await page.keyboard.press('Tab');
  await expect(detail.noteButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: noteText })).toBeVisible();
  await expect(detail.notesTab).toHaveText('My notes (1)');
  await expect.poll(async () => (await api.postNotes(serverPost.id)).map((n) => n.note)).toEqual([noteText]);

  // The actions menu of one's own unanswered request offers exactly docs/product.md §4's three actions, then
  // Share (issue #13 point 3) and Remind me (issue #13 point 2).
  await detail.postMenu.press('Enter');
  await expect(page.getByRole('menuitem')).toHaveText(['Mark as answered', 'Edit post', 'Delete post', 'Add an update', 'Share', 'Remind me to pray for this']);
  await expect(detail.menuItem('Mark as answered')).toBeFocused();
  await page.keyboard.press('Enter');
  const answer = detail.dialog('Mark as answered');
  await expect(answer).toBeVisible();
  const testimony = 'The exams went well. Thank you all for praying!';
  await answer.getByRole('textbox', { name: 'Testimony (optional)' }).focus();
  await page.keyboard.type(testimony);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(answer.getByRole('button', { name: 'Mark answered' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();
  await expect(detail.card.getByText('Answered', { exact: true })).toBeVisible();
  await expect(detail.card.getByText(testimony)).toBeVisible();
  await expect.poll(async () => {
    const post = await api.post(serverPost.id);
    return { atendido: post.atendido, answer: post.answer_text };
  }).toEqual({ atendido: true, answer: testimony });

  // Answered: the menu now offers the testimony actions (docs/product.md §4).
  await detail.postMenu.press('Enter');
  await expect(page.getByRole('menuitem')).toHaveText(['Edit testimony', 'Delete testimony', 'Edit post', 'Delete post', 'Add an update', 'Share', 'Remind me to pray for this']);
  // Issue #26 point 5: a dialog without a description is named once, by its title.
  await detail.menuItem('Edit post').click();
  const edit = detail.dialog('Edit your post');
  await expect(edit).toBeVisible();
  await expect(edit).toHaveAccessibleDescription('');
  // Nothing changed: Escape closes at once, with no question about a draft.
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(detail.postMenu).toBeFocused();
});

test('a post unknown here and on the server shows the not-found state', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await page.goto('/community/post/987654');
  await expect(page.getByRole('heading', { level: 1, name: 'This post is not here' })).toBeVisible();
});

test('a request written offline opens under its temporary id, takes a note, and follows its server id', async ({ page, context, request }) => {
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  const detail = new PostDetailPage(page);
  const text = `Offline detail ${Date.now()}: wisdom for a hard conversation`;
  await landing.goto();
  await landing.continueAsGuest();
  await expect(community.posts.first()).toBeVisible();
  const api = new ServerApi(request, await guestToken(context));
  // Offline navigation needs the app shell from the service worker (and no reload held back).
  await waitForServiceWorkerControl(page);
  await expect(community.posts.first()).toBeVisible();

  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  await community.shareRequest(text);
  await community.post(text).getByRole('link', { name: text }).click();
  await page.waitForURL(/\/community\/post\/-\d+$/);
  await expect(detail.text()).toHaveText(text);
  await expect(detail.card.getByText('Waiting to sync')).toBeVisible();
  await detail.notesTab.click();
  const noteText = 'Remember to listen first.';
  await detail.noteBox.fill(noteText);
  await detail.noteButton.click();
  await expect(page.getByRole('listitem').filter({ hasText: noteText })).toBeVisible();
  await expect(community.syncStatus).toContainText('2 waiting');

  // Online: the post gets its server id, the address follows it, the note waited for the post.
  await context.setOffline(false);
  await page.waitForURL(/\/community\/post\/[1-9]\d*$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(detail.text()).toHaveText(text);
  await expect.poll(async () => (await api.postNotes(id)).map((note) => note.note)).toEqual([noteText]);
  expect((await api.post(id)).text).toBe(text);
  await expect(community.syncStatus).toHaveText('All saved');
});
