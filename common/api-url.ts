// docs/product.md §7: which URLs are API URLs. Only those may carry the API headers (above all the bearer
// token): a URL that is not one must never receive the session, wherever it came from.

const API_PATH_PREFIXES = ['/api', '/v1', '/v2'];
const API_PATH_WORDS = ['users', 'auth', 'posts', 'prayers', 'groups', 'communities', 'notifications', 'settings'];

function hasPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * True when `url` is same origin as `baseUrl`, or its path starts with /api, /v1 or /v2, or
 * contains one of the API words. A relative `url` is resolved against the base. Note that with
 * the API on the app's own origin (this deployment), every same-origin URL counts.
 */
export function isApiUrl(url: string, baseUrl: string): boolean {
  let target: URL;
  let base: URL;
  try {
    base = new URL(baseUrl);
    target = new URL(url, base);
  } catch {
    return false;
  }
  if (target.origin === base.origin) return true;
  const path = target.pathname.toLowerCase();
  if (API_PATH_PREFIXES.some((prefix) => hasPrefix(path, prefix))) return true;
  return API_PATH_WORDS.some((word) => path.includes(word));
}
