// Issue #23 acceptance (sync never waits for an event), in Chromium: the network is cut BELOW the
// browser (e2e/support/cut-proxy.ts) for 60 s, so the browser sees no `offline` or `online` event
// and navigator.onLine stays true. Actions queued during the cut (three prays on different posts,
// a post, a comment) must all be on the server within 2 s of the network's return, exactly once,
// with the return coming just after one of the app's failed attempts
// (docs/decisions/0028-sync-never-waits-for-an-event.md). The page talks only to the proxy's
// origin; the test reads the server directly (its own port, the `request` fixture), never through
// the proxy.
//
// The steps are plain page actions (go to a URL, click, fill) so the cross-engine suite can
// replay the same scenario in Firefox and WebKit.
import type { ApiPost } from '../common/contract';
import { expect, presetConsent, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { PostDetailPage } from './pages/post-detail-page';
import { ServerApi, guestToken } from './support/api';
import { startCutProxy, type CutProxy } from './support/cut-proxy';
import { waitForServiceWorkerControl } from './support/service-worker';
import { Timings } from './support/timings';

/** The acceptance's cut: long enough for the backoff to have grown to a minute. */
const CUT_MS = 60_000;
/** The acceptance: every action on the server within 2 s of the network's return. */
const DELIVERY_DEADLINE_MS = 2_000;
const PRAYS = 3;

let proxy: CutProxy | null = null;

test.afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

/** What the server holds of the scenario's actions, read directly. */
async function serverState(api: ServerApi, scenario: Scenario) {
  const [prayed, mine, comments] = await Promise.all([
    Promise.all(scenario.prayFor.map(async (post) => (await api.post(post.id)).prayedCount - post.prayedCount)),
    api.search(scenario.postText.slice(0, 40)),
    api.postComments(scenario.commentOn.id),
  ]);
  return {
    prayed,
    posts: mine.filter((post) => post.text === scenario.postText).length,
    comments: comments.filter((comment) => comment.comment === scenario.commentText).length,
  };
}

/** Server times (ms) at which the post and the comment were created. */
async function arrivals(api: ServerApi, scenario: Scenario): Promise<number[]> {
  const [mine, comments] = await Promise.all([api.search(scenario.postText.slice(0, 40)), api.postComments(scenario.commentOn.id)]);
  const post = mine.find((candidate) => candidate.text === scenario.postText);
  const comment = comments.find((candidate) => candidate.comment === scenario.commentText);
  if (!post || !comment) throw new Error('The post or the comment is not on the server');
  return [Date.parse(post.created_at), Date.parse(comment.created_at)];
}

type Scenario = { prayFor: ApiPost[]; postText: string; commentOn: ApiPost; commentText: string };

const allDelivered = { prayed: Array.from({ length: PRAYS }, () => 1), posts: 1, comments: 1 };

test('a 60 s network cut with no offline/online event: every queued action is on the server within 2 s of the return, once', async ({ page, context, request, baseURL }, testInfo) => {
  test.setTimeout(CUT_MS + 90_000);
  if (!baseURL) throw new Error('No baseURL in the Playwright config');
  const timings = new Timings(testInfo);
  proxy = await startCutProxy({ port: Number(new URL(baseURL).port) });
  const cut = proxy;
  const origin = `http://127.0.0.1:${String(cut.port)}`;
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  const detail = new PostDetailPage(page);

  // The fixture chose the cookie consent for the server's own host; the page's host is the proxy's.
  await presetConsent(context, origin);
  await page.goto(`${origin}/`);
  await landing.continueAsGuest();
  await expect(community.posts.first()).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect(community.syncStatus).toContainText('All saved');
  timings.mark('guest through the proxy, service worker in control');

  const api = new ServerApi(request, await guestToken(context));
  // Requests whose cards the feed shows now: the feed renders what is on screen only, and other
  // specs on this server may have put long posts at its top.
  const requests: ApiPost[] = [];
  for (const post of (await api.feed()).filter((candidate) => candidate.type === 'REQUEST' && !candidate.isPrayed)) {
    if (requests.length < 3 && (await community.post(post.text).count()) === 1) requests.push(post);
  }
  const [first, second, third] = requests;
  if (!first || !second || !third) throw new Error('The seed needs three prayer requests in the first feed page');
  const stamp = Date.now().toString(36);
  const scenario: Scenario = {
    prayFor: [first, second, third],
    postText: `Cut-network request ${stamp}: pray for the miners underground`,
    commentOn: first,
    commentText: `Praying with you from a tunnel, ${stamp}`,
  };

  cut.cut();
  const cutAt = Date.now();
  for (const post of scenario.prayFor) {
    const card = community.post(post.text);
    await community.pray(card);
    await expect(community.prayButton(card)).toHaveAttribute('aria-label', /^You prayed/);
  }
  await community.shareRequest(scenario.postText);
  await expect(community.post(scenario.postText)).toBeVisible();
  await community.post(scenario.commentOn.text).getByRole('link', { name: scenario.commentOn.text }).click();
  await expect(detail.text()).toHaveText(scenario.commentOn.text);
  await detail.commentBox.fill(scenario.commentText);
  await detail.commentButton.click();
  await expect(page.getByRole('listitem').filter({ hasText: scenario.commentText })).toBeVisible();
  await detail.backLink.click();
  await expect(community.post(scenario.postText)).toBeVisible();
  timings.mark('cut: 3 prays, a post and a comment queued');

  // The acceptance's 60 s of cut network, then the return just after a failed attempt.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, CUT_MS - (Date.now() - cutAt))));
  expect(await serverState(api, scenario)).toEqual({ prayed: [0, 0, 0], posts: 0, comments: 0 });
  await cut.nextRefused();
  cut.restore();
  const restoredAt = Date.now();
  timings.mark(`60 s cut (${String(cut.refused)} connections refused), restored just after a failed attempt`);
  // The page says when it has nothing left to send; the server is read once then, so the test's
  // own reads do not load the server while the app delivers.
  await expect(community.syncStatus).toContainText('All saved', { timeout: DELIVERY_DEADLINE_MS + 8_000 });
  timings.mark('restore -> the page says All saved');
  // Every action once, and nothing left to send that could add another.
  expect(await serverState(api, scenario)).toEqual(allDelivered);
  // When each reached the server, by the server's own clock (the same machine's): the drain goes
  // in queue order, prays first and the comment last, so the latest is the last arrival.
  const delay = Math.max(...(await arrivals(api, scenario))) - restoredAt;
  console.log(`[network-cut] restore -> last action on the server: ${String(delay)} ms`);
  testInfo.annotations.push({ type: 'restore-to-delivered-ms', description: String(delay) });
  expect(delay).toBeLessThan(DELIVERY_DEADLINE_MS);
  await timings.report();
});
