// What the journeys do in the app, written once on the engine driver (e2e/engines/support/driver.ts),
// located as a person finds things: by role and accessible name (English unless a journey switches).
import type { ApiPost, PostPage } from '../../../common/contract';
import { GUEST_TOKEN_COOKIE, MEMBER_TOKEN_COOKIE } from '../../../src/state/cookies';
import type { EngineDriver } from './driver';
import type { Query } from './find';
import type { ServerApi } from './app-server';

export const SYNC_STATUS: Query = { role: 'status', name: 'Sync status' };
export const FEED_HEADING: Query = { role: 'heading', name: 'Community prayers' };

/** The page's cookie `name`, as the app wrote it (src/state/cookies.ts). */
export async function cookie(driver: EngineDriver, name: string): Promise<string | null> {
  return driver.evaluate<string | null>(`(name) => {
    for (const part of document.cookie.split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name) return decodeURIComponent(rest.join('='));
    }
    return null;
  }`, name);
}

/** Landing -> "Continue as guest" -> the feed with its posts; returns the guest's token. */
export async function continueAsGuest(driver: EngineDriver): Promise<string> {
  await driver.goto('/');
  await driver.click({ role: 'button', name: 'Continue as guest' }, { timeout: 30_000 });
  await driver.waitForUrl(/\/community$/);
  await driver.waitFor(FEED_HEADING);
  await driver.waitFor({ role: 'article' });
  const token = await cookie(driver, GUEST_TOKEN_COOKIE);
  if (token === null) throw new Error(`no ${GUEST_TOKEN_COOKIE} cookie after continuing as guest`);
  return token;
}

/**
 * A returning member: the token of a login made through the API in the member cookie, set from a
 * plain file of the origin before the app first runs (as e2e/support/sign-in.ts does for Chromium).
 */
export async function signInMember(driver: EngineDriver, api: ServerApi, email: string): Promise<string> {
  const login = await api.call('POST', 'auth/login', { body: { email, password: 'pray-with-us' } });
  if (login.status !== 200) throw new Error(`login of ${email}: ${String(login.status)} ${JSON.stringify(login.body)}`);
  const token = (login.body as { data: { authorization: { token: string } } }).data.authorization.token;
  await driver.goto('/robots.txt');
  await driver.evaluate(`({ name, value }) => { document.cookie = name + '=' + encodeURIComponent(value) + '; max-age=86400; path=/; secure; samesite=lax'; }`, { name: MEMBER_TOKEN_COOKIE, value: token });
  return token;
}

/** The service worker controls the page (clients.claim, or the next load after activation). */
export async function waitForServiceWorkerControl(driver: EngineDriver): Promise<void> {
  await driver.waitUntil('async () => { await navigator.serviceWorker.ready; return true; }', null, 'the service worker is ready', { timeout: 30_000 });
  if (!(await driver.evaluate<boolean>('() => navigator.serviceWorker.controller !== null'))) await driver.reload();
  await driver.waitUntil('() => navigator.serviceWorker.controller !== null', null, 'the service worker controls the page', { timeout: 30_000 });
}

/** An article of the feed (or a list) showing `text`. */
export function article(text: string): Query {
  return { role: 'article', text };
}

/** The Pray (or Give thanks) button of the article showing `text`. */
export function prayButton(text: string): Query {
  return { role: 'button', name: /^(Pray|You prayed|Give thanks|You gave thanks), \d+ /, within: article(text) };
}

/**
 * What the page does around a Pray tap, kept in the page (window.__prayTrace) and printed when the
 * tap does not register, so a rare failure in one engine says where the tap went: the pointer and
 * click targets, the button's name as it changes, banners, errors, what was added to and removed
 * from the screen, and the scripts loaded by then
 * (docs/decisions/0162-webkit-s-first-pray-click-in-journey-3.md).
 */
const START_PRAY_TRACE = `() => {
  const trace = (window.__prayTrace = []);
  const t0 = performance.now();
  const add = (line) => trace.push(Math.round(performance.now() - t0) + ' ms ' + line);
  const html = (target) => (target && target.outerHTML ? target.outerHTML : String(target)).slice(0, 160);
  document.addEventListener('pointerdown', (e) => add('pointerdown ' + html(e.target)), true);
  document.addEventListener('click', (e) => add('click ' + html(e.target)), true);
  window.addEventListener('error', (e) => add('error ' + e.message));
  window.addEventListener('unhandledrejection', (e) => add('rejection ' + String(e.reason && (e.reason.stack || e.reason))));
  const logError = console.error;
  console.error = (...args) => { add('console.error ' + args.map(String).join(' ').slice(0, 300)); logError(...args); };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') add('name ' + record.target.getAttribute('aria-label'));
      for (const node of record.addedNodes) if (node.nodeType === 1 && node.matches('[role=status],[role=alert]')) add('shown ' + node.textContent);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  // A note that takes the list's place says which it is: the loading text, or an empty feed's.
  const describe = (node) => (node.nodeType === 1 ? node.tagName + '.' + node.className + (node.matches('.feed__note') ? ' "' + node.textContent + '"' : '') : '#text');
  new MutationObserver((records) => {
    for (const record of records) {
      const added = [...record.addedNodes].map(describe).join(',');
      const removed = [...record.removedNodes].map(describe).join(',');
      if (added || removed) add('in ' + describe(record.target) + ' added [' + added + '] removed [' + removed + ']');
    }
  }).observe(document.querySelector('main') || document.body, { subtree: true, childList: true });
  add('scripts ' + performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()).filter((n) => n.endsWith('.js')).join(','));
  return true;
}`;

export async function pray(driver: EngineDriver, text: string): Promise<void> {
  await driver.evaluate(START_PRAY_TRACE);
  try {
    await driver.click(prayButton(text));
    await driver.waitFor({ role: 'button', name: /^(You prayed|You gave thanks), \d+ /, within: article(text) });
  } catch (error) {
    const trace = await driver.evaluate<string[] | undefined>('() => window.__prayTrace').catch(() => undefined);
    console.log(`[${driver.engine}] the Pray tap's trace:\n  ${(trace ?? ['(unreadable)']).join('\n  ')}`);
    throw error;
  }
}

/**
 * Waits until the dialog shows and has risen in (its 200 ms entrance starts at opacity 0, and
 * WebKitWebDriver may call a field of it not interactable until then; a person waits too).
 */
export async function waitForDialog(driver: EngineDriver, dialog: Query): Promise<void> {
  await driver.waitFor(dialog);
  await driver.waitUntil(
    `() => [...document.querySelectorAll('.dialog, .dialog-overlay')].every((el) => el.getAnimations().every((a) => a.playState !== 'running'))`,
    null,
    'the dialog has risen in',
  );
}

/** "Share a request" -> the composer -> Post; the post shows in the feed at once. */
export async function shareRequest(driver: EngineDriver, text: string): Promise<void> {
  const dialog: Query = { role: 'dialog', name: 'Share with the community' };
  await driver.click({ role: 'button', name: 'Share a request' });
  await waitForDialog(driver, dialog);
  await driver.fill({ role: 'textbox', name: 'What is on your heart?', within: dialog }, text);
  await driver.click({ role: 'button', name: 'Post', within: dialog });
  await driver.waitForHidden(dialog);
  await driver.waitFor(article(text));
}

/** A post of the seeded feed that `token` has not prayed for and did not write (a request). */
export async function unprayedRequest(api: ServerApi, token: string): Promise<ApiPost> {
  const page = await api.get<PostPage>('posts', token);
  const found = page.data.find((post) => post.type === 'REQUEST' && !post.isPrayed && !post.is_mine);
  if (found === undefined) throw new Error('the seed needs an unprayed request in the feed');
  return found;
}

/** The start of a post's text, enough to find its card (cards may cut long texts). */
export function cardText(post: ApiPost): string {
  return post.text.slice(0, 40);
}

/** The server's posts in `token`'s feed with exactly this text (the first page). */
export async function postsWithText(api: ServerApi, token: string, text: string): Promise<ApiPost[]> {
  return (await api.get<PostPage>(`posts?search=${encodeURIComponent(text)}`, token)).data.filter((post) => post.text === text);
}

/**
 * Opens `href` by the app's own routing, as a followed link does (e2e/support/in-app-navigation.ts
 * for Chromium: TanStack Router hears window.history.pushState), without restarting the app; done
 * once a level-1 heading shows that was not on screen, with that text, before.
 */
export async function navigateInApp(driver: EngineDriver, href: string): Promise<void> {
  await driver.waitUntil('() => document.querySelector(".first-paint") === null', null, 'the app replaced the first paint');
  await driver.evaluate(`(to) => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-engine-left', h.textContent);
    const state = window.history.state;
    const index = state && typeof state === 'object' && '__TSR_index' in state ? Number(state.__TSR_index) : 0;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ __TSR_index: index + 1, key, __TSR_key: key }, '', to);
  }`, href);
  await driver.waitUntil(`() => [...document.querySelectorAll('h1')].some((h) => {
    const before = h.getAttribute('data-engine-left');
    return h.getClientRects().length > 0 && (before === null || before !== h.textContent);
  })`, null, `in-app navigation to ${href}: a new level-1 heading`);
}
