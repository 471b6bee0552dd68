// Messages between the page and the service worker, and the push payload, with their parsers.
// Both sides receive `unknown` from postMessage or the push service, so each shape is checked
// here once instead of trusted (docs/product.md §3 'Service worker message', §7 'The API config is
// published to the service worker').

/** Service worker -> page: a notification was clicked; the page routes to `url` (docs/product.md §3). */
export type NavigateToMessage = { type: 'NAVIGATE_TO'; url: string };
/** Page -> service worker: where the API is and its session-free headers (docs/product.md §7). */
export type ApiConfigMessage = { type: 'API_CONFIG'; baseUrl: string; headers: Record<string, string> };
/** Page -> waiting service worker: take over now (the update flow of docs/product.md §4). */
export type SkipWaitingMessage = { type: 'SKIP_WAITING' };

/**
 * The service worker's global holding its notification click handler (sw/push.ts), for the
 * end-to-end test: headless Chromium cannot click a system notification (e2e/push.spec.ts).
 */
export const NOTIFICATION_CLICK_GLOBAL = '__prayerNotificationClick';

/** What a notification shows and where a click leads. */
export type PushDisplay = { title: string; body: string; url: string };

type Fields = Record<string, unknown>;

function fieldsOf(value: unknown): Fields | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields: Fields = {};
  for (const [key, entry] of Object.entries(value)) fields[key] = entry;
  return fields;
}

function stringField(fields: Fields | null, key: string): string | null {
  const value = fields?.[key];
  return typeof value === 'string' ? value : null;
}

export function parseNavigateTo(data: unknown): NavigateToMessage | null {
  const fields = fieldsOf(data);
  const url = stringField(fields, 'url');
  return fields?.type === 'NAVIGATE_TO' && url !== null ? { type: 'NAVIGATE_TO', url } : null;
}

export function parseApiConfig(data: unknown): ApiConfigMessage | null {
  const fields = fieldsOf(data);
  const baseUrl = stringField(fields, 'baseUrl');
  const rawHeaders = fieldsOf(fields?.headers);
  if (fields?.type !== 'API_CONFIG' || baseUrl === null || rawHeaders === null) return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawHeaders)) if (typeof value === 'string') headers[name] = value;
  return { type: 'API_CONFIG', baseUrl, headers };
}

export function isSkipWaiting(data: unknown): boolean {
  return fieldsOf(data)?.type === 'SKIP_WAITING';
}

/**
 * The {title, body, url} of a push payload: at the top level, or under `data` or
 * `notification` (the shapes an FCM or a plain Web Push sender produce). Null without a title.
 */
export function pushDisplayOf(payload: unknown): PushDisplay | null {
  const top = fieldsOf(payload);
  const candidates = [top, fieldsOf(top?.data), fieldsOf(top?.notification)];
  const source = candidates.find((fields) => stringField(fields, 'title') !== null);
  if (!source) return null;
  const url = stringField(source, 'url') ?? stringField(fieldsOf(top?.data), 'url') ?? '/';
  return { title: stringField(source, 'title') ?? '', body: stringField(source, 'body') ?? '', url };
}

/**
 * Where a click on a notification leads: our own `data.url`, or the link of a notification the
 * Firebase SDK displayed (`data.FCM_MSG`). Only same-origin targets are followed, as a path, so
 * a push payload can never send the app to another site; anything else opens '/'.
 */
export function notificationTarget(data: unknown, origin: string): string {
  const fields = fieldsOf(data);
  const fcm = fieldsOf(fields?.FCM_MSG);
  const raw = stringField(fields, 'url') ?? stringField(fieldsOf(fcm?.fcmOptions), 'link') ?? stringField(fieldsOf(fcm?.data), 'url');
  return samePath(raw, origin);
}

/** A same-origin URL as path + query + hash; '/' for anything else. */
export function samePath(raw: string | null, origin: string): string {
  if (raw === null || raw === '') return '/';
  try {
    const url = new URL(raw, origin);
    return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
