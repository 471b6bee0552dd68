// Locale prefixes (docs/product.md §10) and the browser language mapped to a supported one (docs/product.md §4).
import { describe, expect, it } from 'vitest';
import { detectLocale, toSupportedLocale } from '../../src/i18n';
import { addLocalePrefix, localeRewrite, splitLocalePrefix } from '../../src/i18n/locale-prefix';
import { formatDay } from '../../src/i18n/format';

describe('splitLocalePrefix', () => {
  it.each([
    ['/pt/privacy', 'pt-BR', '/privacy'],
    ['/es/help/delete-my-account-and-data', 'es-ES', '/help/delete-my-account-and-data'],
    ['/pt', 'pt-BR', '/'],
    ['/es/', 'es-ES', '/'],
    ['/PT/terms', 'pt-BR', '/terms'],
    ['/privacy', null, '/privacy'],
    ['/', null, '/'],
    ['/en/privacy', null, '/en/privacy'], // English has no prefix
    ['/post/12', null, '/post/12'], // 'post' is not 'pt'
    ['/espanol', null, '/espanol'],
  ])('%s -> %s %s', (pathname, locale, path) => {
    expect(splitLocalePrefix(pathname)).toEqual({ locale, path });
  });
});

describe('addLocalePrefix', () => {
  it.each([
    ['/privacy', 'pt-BR', '/pt/privacy'],
    ['/privacy', 'es-ES', '/es/privacy'],
    ['/privacy', 'en-US', '/privacy'],
    ['/', 'pt-BR', '/pt'],
    ['/pt/terms', 'es-ES', '/es/terms'],
    ['/es/terms', 'en-US', '/terms'],
    ['/terms', 'fr-FR', '/terms'],
  ])('%s in %s -> %s', (pathname, locale, shown) => {
    expect(addLocalePrefix(pathname, locale)).toBe(shown);
  });
});

it('the router rewrite strips on the way in and adds the current language on the way out', () => {
  let current = 'es-ES';
  const rewrite = localeRewrite(() => current);
  expect(rewrite.input({ url: new URL('http://x/pt/contact?a=1') }).href).toBe('http://x/contact?a=1');
  expect(rewrite.output({ url: new URL('http://x/contact#top') }).href).toBe('http://x/es/contact#top');
  current = 'en-US';
  expect(rewrite.output({ url: new URL('http://x/es/contact') }).href).toBe('http://x/contact');
});

describe('browser language', () => {
  it.each([
    [['pt-PT', 'en'], 'pt-BR'],
    [['es-MX'], 'es-ES'],
    [['fr-FR', 'es'], 'es-ES'],
    [['en-GB'], 'en-US'],
    [['fr-FR', 'de'], 'en-US'], // nothing supported: English
    [[], 'en-US'],
  ])('%j -> %s', (languages, locale) => {
    expect(detectLocale(languages)).toBe(locale);
  });

  it('maps a single tag, or nothing', () => {
    expect(toSupportedLocale('PT')).toBe('pt-BR');
    expect(toSupportedLocale('it')).toBeUndefined();
    expect(toSupportedLocale(undefined)).toBeUndefined();
  });
});

it('dates go through Intl in the interface language', () => {
  expect(formatDay('2026-11-20', 'en-US')).toBe('November 20, 2026');
  expect(formatDay('2026-11-20', 'pt-BR')).toBe('20 de novembro de 2026');
  expect(formatDay('2026-11-20', 'es-ES')).toBe('20 de noviembre de 2026');
});
