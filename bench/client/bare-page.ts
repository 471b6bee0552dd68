// P2's floor (issue #25 point 5): the same start with no framework. A page served by its own
// service worker opens a database of N posts, reads the newest 60 through an index and paints them
// as the feed's cards are found ('[role=list] article'), so the app's start is timed against what
// the browser itself costs for the same work, in the same run (the ratio holds on a busy machine
// where a time does not).
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright';

/** The cards the bare page paints, as the app's first window holds about as many. */
export const BARE_CARDS = 60;

const BARE_SCRIPT = `
const open = indexedDB.open('bare', 1);
open.onupgradeneeded = () => open.result.createObjectStore('posts', { keyPath: 'id' }).createIndex('createdAtMs', 'createdAtMs');
open.onsuccess = () => {
  const rows = [];
  const cursor = open.result.transaction('posts').objectStore('posts').index('createdAtMs').openCursor(null, 'prev');
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (at && rows.length < ${String(BARE_CARDS)}) { rows.push(at.value); at.continue(); return; }
    const list = document.createElement('div');
    list.setAttribute('role', 'list');
    for (const row of rows) {
      const card = document.createElement('article');
      const name = document.createElement('h2');
      name.textContent = row.user.name;
      const text = document.createElement('p');
      text.textContent = row.text;
      card.append(name, text);
      list.append(card);
    }
    document.body.append(list);
  };
};
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js');
`;

const BARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>P2 floor</title><style>body{font:16px system-ui;margin:0}article{padding:12px 16px;border-bottom:1px solid #ddd}h2{font-size:15px;margin:0 0 4px}</style>
</head><body><script type="module">${BARE_SCRIPT}</script></body></html>`;

// Cache-first for everything it has (the document), as the app's service worker serves its shell.
const BARE_SW = `
self.addEventListener('install', (event) => event.waitUntil(caches.open('bare').then((cache) => cache.add('/')).then(() => self.skipWaiting())));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => event.respondWith(caches.match(event.request).then((hit) => hit ?? fetch(event.request))));
`;

/** Serves the bare page and its service worker on `port` (127.0.0.1). */
export async function serveBarePage(port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/sw.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      response.end(BARE_SW);
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(BARE_HTML);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${String(port)}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * In the bare page: `count` posts of about the size of the app's (a name, a few hundred characters
 * of text, the counters and dates a feed row carries) in one transaction. Resolves the count held.
 */
function fillBare(count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('bare', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('posts', { keyPath: 'id' }).createIndex('createdAtMs', 'createdAtMs');
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => {
      const tx = open.result.transaction('posts', 'readwrite');
      const store = tx.objectStore('posts');
      const now = Date.now();
      for (let id = 1; id <= count; id += 1) {
        const createdAtMs = now - id * 60_000;
        store.put({
          id, createdAtMs, created_at: new Date(createdAtMs).toISOString(), type: id % 5 === 0 ? 'thanks' : 'request',
          text: `Bare post ${String(id)}: ${'please pray for our family this week, for health and for peace at home. '.repeat(5)}`,
          user: { id: id % 50, name: `Member ${String(id % 50)}`, avatar: null }, prayedCount: id % 40, commentCount: id % 7,
          isPrayed: false, is_bookmarked: false, local: { prayed: 0, bookmarked: null },
        });
      }
      const held = store.count();
      tx.oncomplete = () => resolve(held.result);
      tx.onerror = () => reject(tx.error ?? new Error('fill failed'));
    };
  });
}

/** Installs the bare page in `page`'s context: controlled by its service worker, `count` posts held. */
export async function installBarePage(page: Page, origin: string, count: number): Promise<number> {
  await page.goto(`${origin}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(fillBare, count);
}
