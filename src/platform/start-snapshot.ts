// The feed screen keeps the start snapshot (common/start-snapshot.ts;
// docs/architecture/service-worker.md 'The start snapshot') as it draws: a moment after anything on
// the page changes, or anything is written to the store, the document is saved again: this page's
// head (its stylesheets and boot script) and the root's rows on the first screen as drawn, inside a
// wrapper that takes no taps (src/styles/first-paint.css) until the app's first render replaces it.
// Only a resting first screen is kept: the top of the feed, no dialog open, the page in view. A
// write heard while drawing or saving drops what was saved (src/model/start-snapshot-guard.ts).
import { useEffect } from 'react';
import {
  forgetStartSnapshot, SNAPSHOT_AT_HEADER, SNAPSHOT_PATH_HEADER, SNAPSHOT_SCRIPTS_HEADER, SNAPSHOT_TIMES_HEADER, START_SNAPSHOT_CACHE, START_SNAPSHOT_KEY,
} from '../../common/start-snapshot';
import { relativeTable } from '../../common/relative-time';
import { onStoreWritten, storeGeneration } from '../model/start-snapshot-guard';

/** Quiet time after the last change before the page is saved: the live queries have drawn a write by then. */
const SAVE_DELAY_MS = 500;

function attributesOf(element: Element): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return [...element.attributes].map((attribute) => ` ${attribute.name}="${escape(attribute.value)}"`).join('');
}

/**
 * The head, ordered for a first paint before any script (issue #25 P2,
 * docs/architecture/service-worker.md 'The start snapshot'): the stylesheets first, as the paint
 * waits for them and the service worker answers requests in the order the page makes them; no
 * module preloads, so the app's scripts are not all there when parsing ends, which ran them (60-90
 * ms) before the first frame in about one start of three. The entry script still loads at once and
 * fetches the rest as it runs.
 */
function paintFirst(head: HTMLHeadElement): void {
  head.prepend(...head.querySelectorAll('link[rel="stylesheet"]'));
  for (const preload of head.querySelectorAll('link[rel="modulepreload"]')) preload.remove();
}

/** Only the rows on the first screen: the others cost the start style and layout, and the app draws them as it takes over. */
function firstScreenOf(root: HTMLElement): HTMLElement {
  const copy = root.cloneNode(true) as HTMLElement;
  const copies = copy.querySelectorAll('[role="listitem"]');
  root.querySelectorAll('[role="listitem"]').forEach((row, i) => {
    if (row.getBoundingClientRect().top >= window.innerHeight) copies[i]?.remove();
  });
  return copy;
}

/** The document to serve at this address, or null when the screen is not at rest at its top. */
function snapshotOf(root: HTMLElement): { html: string; scripts: string[] } | null {
  if (window.scrollY > 0 || document.visibilityState !== 'visible') return null;
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return null;
  const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((script) => new URL(script.src).pathname);
  if (scripts.length === 0) return null;
  const head = document.head.cloneNode(true) as HTMLHeadElement;
  // The shell's title, saying what the screen says; the app adds its own as it always does.
  const [title, ...others] = head.querySelectorAll('title');
  for (const extra of others) extra.remove();
  if (title) title.textContent = document.title;
  paintFirst(head);
  const body = `<body${attributesOf(document.body)}><div id="root"><div class="start-snapshot">${firstScreenOf(root).innerHTML}</div></div></body>`;
  return { html: `<!doctype html><html${attributesOf(document.documentElement)}>${head.outerHTML}${body}</html>`, scripts };
}

async function save(root: HTMLElement): Promise<void> {
  const generation = storeGeneration();
  const snapshot = snapshotOf(root);
  if (!snapshot) return;
  const cache = await caches.open(START_SNAPSHOT_CACHE);
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    [SNAPSHOT_PATH_HEADER]: location.pathname,
    [SNAPSHOT_SCRIPTS_HEADER]: snapshot.scripts.join(' '),
    [SNAPSHOT_AT_HEADER]: String(Date.now()),
    // A header holds Latin-1 only: the words go percent-encoded.
    [SNAPSHOT_TIMES_HEADER]: encodeURIComponent(JSON.stringify(relativeTable(document.documentElement.lang || 'en-US'))),
  };
  await cache.put(START_SNAPSHOT_KEY, new Response(snapshot.html, { headers }));
  // Drawn before a write this page heard of since: not the store any more.
  if (storeGeneration() !== generation) await forgetStartSnapshot();
}

/** Keeps the start snapshot while `isAtRest` (the unfiltered feed, its first window drawn). */
export function useStartSnapshot(isAtRest: boolean): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!isAtRest || !root || typeof caches === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void save(root).catch(() => undefined), SAVE_DELAY_MS);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    // The page's own attributes go with it (its language, its colour mode: src/components/use-colour-mode.ts).
    observer.observe(document.documentElement, { attributes: true });
    const stopHearing = onStoreWritten(schedule);
    window.addEventListener('scroll', schedule, { passive: true });
    schedule();
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      stopHearing();
      window.removeEventListener('scroll', schedule);
    };
  }, [isAtRest]);
}
