// Serves the start snapshot (common/start-snapshot.ts; docs/architecture.md 'The start snapshot') as the
// document of the address it shows, when it can still be true: the scripts it boots with are the
// ones this worker precached (an update never boots an old page), it was drawn today (the counts of
// "today"), and its times are told again as of now ("3 hours ago" drawn yesterday evening would not
// be). Anything else gets the shell, as before.
import { formatRelative } from '../common/relative-time';
import {
  forgetStartSnapshot, SNAPSHOT_AT_HEADER, SNAPSHOT_PATH_HEADER, SNAPSHOT_SCRIPTS_HEADER, START_SNAPSHOT_CACHE, START_SNAPSHOT_KEY,
} from '../common/start-snapshot';

const TIME = /<time datetime="([^"]+)"([^>]*)>[^<]*<\/time>/g;
const LANG = /<html[^>]*\slang="([^"]+)"/;

function isSameLocalDay(a: number, b: number): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/** The snapshot's times as of `now`, in the language it was drawn in. */
export function withTimesOf(html: string, now: number): string {
  const locale = LANG.exec(html)?.[1] ?? 'en-US';
  return html.replace(TIME, (whole, iso: string, rest: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? whole : `<time datetime="${iso}"${rest}>${formatRelative(date, locale, now)}</time>`;
  });
}

/**
 * The snapshot for a navigation to `url`, with `shellHeaders` (the precached shell's: its content
 * security policy applies to the snapshot too), or null.
 */
export async function startSnapshotFor(url: URL, isPrecached: (path: string) => boolean, shellHeaders: Headers): Promise<Response | null> {
  if (url.search !== '') return null;
  const stored = await caches.match(START_SNAPSHOT_KEY, { cacheName: START_SNAPSHOT_CACHE });
  if (!stored || stored.headers.get(SNAPSHOT_PATH_HEADER) !== url.pathname) return null;
  const scripts = (stored.headers.get(SNAPSHOT_SCRIPTS_HEADER) ?? '').split(' ').filter((path) => path !== '');
  const now = Date.now();
  if (scripts.length === 0 || !scripts.every(isPrecached) || !isSameLocalDay(Number(stored.headers.get(SNAPSHOT_AT_HEADER)), now)) {
    void forgetStartSnapshot();
    return null;
  }
  const headers = new Headers(shellHeaders);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.delete('content-length');
  return new Response(withTimesOf(await stored.text(), now), { headers });
}
