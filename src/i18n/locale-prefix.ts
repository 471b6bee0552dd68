// Locale prefixes in URLs (docs/product.md §10): '/pt/...' is Portuguese, '/es/...' Spanish, English has none.
// The router's `rewrite` strips the prefix on the way in and adds the current language's prefix on
// the way out, so route files and typed links never mention it
// (docs/decisions/0116-locale-prefix-the-router-s-rewrite.md).
import { CHANNELS } from '../../common/contract';

export type ChannelLocale = (typeof CHANNELS)[number]['locale'];

/** The locale a pathname's first segment names, and the pathname without it. */
export function splitLocalePrefix(pathname: string): { locale: ChannelLocale | null; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  const channel = CHANNELS.find((c) => c.prefix !== '' && c.prefix === first.toLowerCase());
  if (!channel) return { locale: null, path: pathname };
  return { locale: channel.locale, path: `/${rest.join('/')}` };
}

/** The pathname as the address bar shows it in `locale`; a path already prefixed is re-prefixed. */
export function addLocalePrefix(pathname: string, locale: string): string {
  const { path } = splitLocalePrefix(pathname);
  const prefix = CHANNELS.find((c) => c.locale === locale)?.prefix ?? '';
  if (prefix === '') return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

type UrlRewrite = (args: { url: URL }) => URL;

/** The router's rewrite pair; `currentLocale` is read on every link built. */
export function localeRewrite(currentLocale: () => string): { input: UrlRewrite; output: UrlRewrite } {
  return {
    input: ({ url }) => {
      url.pathname = splitLocalePrefix(url.pathname).path;
      return url;
    },
    output: ({ url }) => {
      url.pathname = addLocalePrefix(url.pathname, currentLocale());
      return url;
    },
  };
}
