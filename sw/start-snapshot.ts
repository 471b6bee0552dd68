// Serves the start snapshot (common/start-snapshot.ts; docs/architecture/service-worker.md 'The
// start snapshot') as the document of the address it shows, when it can still be true: the scripts
// it boots with are the ones this worker precached (an update never boots an old page), it was
// drawn today (the counts of "today"), and its times are told again as of now ("3 hours ago" drawn
// yesterday evening would not be). Anything else gets the shell, as before.
import { formatRelative, relativeKey, relativeParts } from '../common/relative-time';
import {
  forgetStartSnapshot, SNAPSHOT_AT_HEADER, SNAPSHOT_PATH_HEADER, SNAPSHOT_SCRIPTS_HEADER, SNAPSHOT_TIMES_HEADER, START_SNAPSHOT_CACHE, START_SNAPSHOT_KEY,
} from '../common/start-snapshot';

const TIME = /<time datetime="([^"]+)"([^>]*)>[^<]*<\/time>/g;
const LANG = /<html[^>]*\slang="([^"]+)"/;

function isSameLocalDay(a: number, b: number): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/**
 * The snapshot's times as of `now`, in the language it was drawn in: from `table` (the page's own
 * wording of every past time a day can show), else formatted here.
 */
export function withTimesOf(html: string, now: number, table: Record<string, string> = {}): string {
  const locale = LANG.exec(html)?.[1] ?? 'en-US';
  return html.replace(TIME, (whole, iso: string, rest: string) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return whole;
    const text = table[relativeKey(...relativeParts(date, now))] ?? formatRelative(date, locale, now);
    return `<time datetime="${iso}"${rest}>${text}</time>`;
  });
}

/** The table a snapshot carries, or none when it is unreadable. */
function timesTable(stored: Response): Record<string, string> {
  try {
    const table: unknown = JSON.parse(decodeURIComponent(stored.headers.get(SNAPSHOT_TIMES_HEADER) ?? '%7B%7D'));
    return typeof table === 'object' && table !== null ? (table as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The snapshot for a navigation to `url`, with the headers of `shell` (the precached shell: its
 * content security policy applies to the snapshot too), or null. Both are read at once: each read
 * of Cache Storage is a few ms on the way to the first paint.
 */
export async function startSnapshotFor(url: URL, isPrecached: (path: string) => boolean, shell: Promise<Response | undefined>): Promise<Response | null> {
  if (url.search !== '') return null;
  const began = performance.now();
  const [stored, shellResponse] = await Promise.all([caches.match(START_SNAPSHOT_KEY, { cacheName: START_SNAPSHOT_CACHE }), shell]);
  if (!stored || !shellResponse || stored.headers.get(SNAPSHOT_PATH_HEADER) !== url.pathname) return null;
  const scripts = (stored.headers.get(SNAPSHOT_SCRIPTS_HEADER) ?? '').split(' ').filter((path) => path !== '');
  const now = Date.now();
  if (scripts.length === 0 || !scripts.every(isPrecached) || !isSameLocalDay(Number(stored.headers.get(SNAPSHOT_AT_HEADER)), now)) {
    void forgetStartSnapshot();
    return null;
  }
  const read = performance.now();
  const html = await stored.text();
  const texted = performance.now();
  const body = withTimesOf(html, now, timesTable(stored));
  const headers = new Headers(shellResponse.headers);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.delete('content-length');
  // Where the worker's part of a start went (bench/client P2 reads it from the navigation entry).
  const ms = (value: number) => value.toFixed(1);
  headers.set('server-timing', `snapshot-read;dur=${ms(read - began)}, snapshot-text;dur=${ms(texted - read)}, snapshot-times;dur=${ms(performance.now() - texted)}`);
  return new Response(body, { headers });
}
