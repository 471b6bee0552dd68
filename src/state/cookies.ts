// Cookies of docs/product.md §4 and §9: the member and guest tokens, the channel and the language, each
// for 365 days, secure, SameSite Lax. Only the page can write cookies; the worker and the
// service worker read the copy in `meta`.
import { AUTH_COOKIE_DAYS } from '../../common/constants';

export const MEMBER_TOKEN_COOKIE = 'prayer_token';
export const GUEST_TOKEN_COOKIE = 'prayer_guest_token';
export const CHANNEL_COOKIE = 'prayer_channel';
export const LANG_COOKIE = 'prayer_lang';

const DAY_SECONDS = 24 * 60 * 60;

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function readCookie(name: string): string | null {
  if (!hasDocument()) return null;
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** null deletes the cookie. */
export function writeCookie(name: string, value: string | null, days: number = AUTH_COOKIE_DAYS): void {
  if (!hasDocument()) return;
  const maxAge = value === null ? 0 : days * DAY_SECONDS;
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; max-age=${maxAge}; path=/; secure; samesite=lax`;
}
