// Issue #28's second acceptance (docs/product.md §11 'Posts in a group'): an admin removes a member
// who has a comment queued offline on a group's request. On reconnect the comment is refused,
// rolled back, listed among the refused changes with its words, and the group's rows leave that
// device (its request no longer opens there), while the admin's side never saw the comment.
import type { APIRequestContext } from '@playwright/test';
import type { AuthResponse, Envelope, PostResponse } from '../common/contract';
import type { GroupResponse } from '../common/group-contract';
import { expect, test } from './support/fixtures';
import { PostDetailPage } from './pages/post-detail-page';
import { CommunityPage } from './pages/community-page';
import { presetMemberToken } from './support/sign-in';
import { waitForServiceWorkerControl } from './support/service-worker';

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, token: string, data?: object): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

async function newMember(request: APIRequestContext, name: string): Promise<{ token: string; id: number }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const response = await request.post('/api/v1/auth/register', { data: { name, email, password: 'group-removal-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as Envelope<AuthResponse>;
  return { token: data.authorization.token, id: data.user.id };
}

test('a member removed while a comment waits offline: the comment is refused and listed, the group leaves the device', async ({ page, context, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Ruth Admin');
  const member = await newMember(request, 'Boaz Member');
  const { group } = await call<GroupResponse>(request, 'POST', 'group', admin.token, { name: `Home group ${Date.now()}` });
  await call(request, 'POST', `invite/${group.invite?.code ?? ''}/join`, member.token);
  const text = `Pray for our home group's retreat ${Date.now()}`;
  const { post } = await call<PostResponse>(request, 'POST', 'post', admin.token, { text, type: 'REQUEST', group_id: group.id });

  // The member's device: signed in by its cookie, the group's request pulled and opened.
  await presetMemberToken(context, baseURL, member.token);
  await page.goto('/community');
  await waitForServiceWorkerControl(page);
  const detail = new PostDetailPage(page);
  await expect(new CommunityPage(page).post(text)).toHaveCount(1);
  await detail.goto(post.id);
  await expect(detail.text()).toHaveText(text);

  // Offline, a comment; meanwhile the admin removes the member.
  await context.setOffline(true);
  const words = 'We will pray on Friday evening';
  await detail.commentsTab.click();
  await detail.commentBox.fill(words);
  await detail.commentButton.click();
  await expect(page.getByRole('article').filter({ hasText: words })).toHaveCount(1);
  await call(request, 'DELETE', `group/${group.id}/member/${member.id}`, admin.token);

  // Online: refused, rolled back, listed with its words; the group's request leaves the device.
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: 'Not accepted' })).toContainText('Your words are kept');
  await expect(page.getByRole('article').filter({ hasText: words })).toHaveCount(0);
  await page.getByRole('button', { name: '1 refused' }).click();
  const refused = page.getByRole('dialog', { name: 'Changes that were not saved' });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem')).toContainText(words);
  await page.keyboard.press('Escape');
  await page.goto('/community');
  await expect(new CommunityPage(page).post(text)).toHaveCount(0);
  // Not in the device's store any more (the pull's groups section took the group and its posts).
  const held = await page.evaluate(
    (id) => new Promise<boolean>((resolve, reject) => {
      const open = indexedDB.open('prayer');
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
      open.onsuccess = () => {
        const read = open.result.transaction('posts').objectStore('posts').count(id);
        read.onsuccess = () => { open.result.close(); resolve(read.result > 0); };
        read.onerror = () => reject(read.error ?? new Error('count failed'));
      };
    }),
    post.id,
  );
  expect(held).toBe(false);

  // The admin's side: the comment never arrived.
  const comments = await call<{ data: unknown[] }>(request, 'GET', `post/${post.id}/comments`, admin.token);
  expect(comments.data).toHaveLength(0);
});
