// The app under test, driven the way the e2e page objects do (e2e/pages/*.ts): by role and
// accessible name, plus the few hooks listed in bench/client/README.md.
import { chromium, devices, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';

export const DEMO_EMAIL = 'demo@prayer.local';
export const DEMO_PASSWORD = 'pray-with-us';
/** e2e/support/local-store-seed.ts gives its posts ids above this; the server knows none of them. */
export const LOCAL_ONLY_ID_FLOOR = 50_000_000;
/** src/model/db.ts DB_NAME. */
export const DB_NAME = 'prayer';

export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/** A phone-sized context like the e2e runs (playwright.config.ts: Pixel 7, en-US, UTC, workers allowed). */
export function appContextOptions(baseURL: string): BrowserContextOptions {
  const { defaultBrowserType: _engine, ...pixel } = devices['Pixel 7'];
  return { ...pixel, baseURL, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'allow' };
}

/** tsx (esbuild keepNames) wraps named inner functions of the page functions in __name(). */
export async function addNameShim(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
}

export async function newAppContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext(appContextOptions(baseURL));
  await addNameShim(context);
  return context;
}

export const feedItems = (page: Page): Locator => page.getByRole('article');

export async function waitForFeed(page: Page, timeout = 30_000): Promise<void> {
  await feedItems(page).first().waitFor({ state: 'visible', timeout });
}

/** e2e/pages/auth-page.ts login, then the community feed. */
export async function loginAsDemoMember(page: Page): Promise<void> {
  await loginAsMember(page, DEMO_EMAIL);
}

/** e2e/pages/auth-page.ts login as one of the seeded members (server/db/seed-data.ts, all with the demo password). */
export async function loginAsMember(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/community', { timeout: 30_000 });
  await waitForFeed(page);
}

/** e2e/pages/landing-page.ts continueAsGuest, then the community feed. */
export async function continueAsGuest(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL('**/community', { timeout: 30_000 });
  await waitForFeed(page);
}

/** e2e/support/service-worker.ts: the service worker is active and controls the page. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const isControlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!isControlled) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Ids of the server's posts (not local-only seeds) whose card is on screen, top first. */
export async function serverPostIdsOnScreen(page: Page): Promise<number[]> {
  return page.evaluate((floor) => {
    const ids: number[] = [];
    for (const article of document.querySelectorAll('article')) {
      const rect = article.getBoundingClientRect();
      if (rect.bottom <= 0 || rect.top >= window.innerHeight) continue;
      const link = article.querySelector<HTMLAnchorElement>('a[href*="/community/post/"]');
      const id = Number(/\/community\/post\/(-?\d+)/.exec(link?.getAttribute('href') ?? '')?.[1]);
      if (Number.isInteger(id) && id > 0 && id < floor) ids.push(id);
    }
    return ids;
  }, LOCAL_ONLY_ID_FLOOR);
}

/** The card of post `id` (its detail link names it). */
export function postCard(page: Page, id: number): Locator {
  return feedItems(page).filter({ has: page.locator(`a[href$="/community/post/${String(id)}"]`) });
}

/** e2e/pages/community-page.ts prayButton: its name starts with what it shows (issue #12). */
export function prayButton(page: Page, id: number): Locator {
  return postCard(page, id).getByRole('button', { name: /^(Pray|You prayed|Give thanks|You gave thanks), \d+ / });
}

/**
 * Issue #12: a tap on Pray within a second of the previous counted pray of the same post counts
 * once (src/commands/pray-gate.ts). The benches tap the same few posts faster than that on purpose;
 * from here on the page's Date.now moves a second on at every pointerdown, so each tap is dated a
 * second after the one before and every tap counts, as in the figures before the rule.
 */
export async function dateTapsASecondApart(page: Page): Promise<void> {
  await page.evaluate(() => {
    const realNow = Date.now.bind(Date);
    let shift = 0;
    Date.now = () => realNow() + shift;
    document.addEventListener('pointerdown', () => {
      shift += 1000;
    }, true);
  });
}

/** Entries of the app's outbox (IndexedDB 'prayer', store 'outbox'), all or of one op. */
export async function outboxCount(page: Page, op?: string): Promise<number> {
  return page.evaluate(
    ({ name, op: wanted }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').getAll();
          read.onerror = () => reject(read.error ?? new Error('outbox read failed'));
          read.onsuccess = () => {
            open.result.close();
            const rows = read.result as { op?: string }[];
            resolve(wanted === undefined ? rows.length : rows.filter((row) => row.op === wanted).length);
          };
        };
      }),
    { name: DB_NAME, op },
  );
}

/** Rows of the app's local 'posts' store. */
export async function localPostCount(page: Page): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const counted = open.result.transaction('posts').objectStore('posts').count();
          counted.onerror = () => reject(counted.error ?? new Error('count failed'));
          counted.onsuccess = () => {
            open.result.close();
            resolve(counted.result);
          };
        };
      }),
    DB_NAME,
  );
}

/** The bearer token of the demo member, straight from the server (not through the proxy). */
export async function memberToken(serverOrigin: string): Promise<string> {
  const response = await fetch(`${serverOrigin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`POST auth/login: ${String(response.status)} ${await response.text()}`);
  return ((await response.json()) as { data: { authorization: { token: string } } }).data.authorization.token;
}

/** GET /api/v1/<path> straight from the server with a bearer token. */
export async function apiGet<T>(serverOrigin: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${serverOrigin}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${path}: ${String(response.status)} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** POST /api/v1/<path> straight from the server with a bearer token; the answer's data. */
export async function apiPost<T>(serverOrigin: string, path: string, token: string, body: object): Promise<T> {
  const response = await fetch(`${serverOrigin}/api/v1/${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${String(response.status)} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
