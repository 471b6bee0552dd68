// The cookie-consent configuration (docs/product.md §2 bottom bar + preferences box on the left, page not
// interactable until a choice; §3 categories; §4 opt-in; §9 cc_cookie, 182 days, path /, Lax).
// Pure, so its every field is unit-tested; src/platform/consent.ts hands it to the library.
import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import { CONSENT_COOKIE_DAYS, CONSENT_COOKIE_NAME, DEFAULT_CONSENT_LOCALE } from '../../common/constants';
import { CHANNELS } from '../../common/contract';
import { CONSENT_LANGUAGES, loadConsentTranslation, type ConsentLanguage } from './consent-texts';

/** 'pt-BR', 'pt' -> 'pt'; anything unsupported -> 'en' (docs/product.md §9 default consent locale). */
export function consentLanguage(lang: string | null | undefined): ConsentLanguage {
  const code = lang?.toLowerCase().split('-')[0];
  const match = CONSENT_LANGUAGES.find((language) => language === code);
  if (match) return match;
  return CONSENT_LANGUAGES.find((language) => language === DEFAULT_CONSENT_LOCALE) ?? 'en';
}

const LOCALE_PREFIXES = CHANNELS.map((channel) => channel.prefix).filter((prefix) => prefix !== '');

/**
 * docs/product.md §2: the banner is not started on /privacy, with or without a locale prefix (/pt/privacy),
 * so the policy can be read before choosing (the banner blocks the page).
 */
export function isConsentExcludedPath(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/').filter((segment) => segment !== '');
  if (segments.length === 2 && LOCALE_PREFIXES.some((prefix) => prefix === segments[0])) segments.shift();
  return segments.length === 1 && segments[0] === 'privacy';
}

export function buildConsentConfig(lang: string | null | undefined): CookieConsentConfig {
  return {
    mode: 'opt-in',
    // docs/product.md §2: nothing else can be used until the user has chosen.
    disablePageInteraction: true,
    cookie: {
      name: CONSENT_COOKIE_NAME,
      expiresAfterDays: CONSENT_COOKIE_DAYS,
      path: '/',
      sameSite: 'Lax',
    },
    guiOptions: {
      consentModal: { layout: 'bar', position: 'bottom' },
      preferencesModal: { layout: 'box', position: 'left' },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      // docs/product.md §3: cookies whose names begin with _ga or _gid are cleared when analytics is off.
      analytics: { autoClear: { cookies: [{ name: /^_ga/ }, { name: /^_gid/ }] } },
    },
    language: {
      default: consentLanguage(lang),
      // Loaded by the library for the language it shows: one language's texts on a first visit.
      translations: {
        en: () => loadConsentTranslation('en'),
        pt: () => loadConsentTranslation('pt'),
        es: () => loadConsentTranslation('es'),
      },
    },
  };
}
