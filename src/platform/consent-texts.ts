// The texts of the cookie-consent bar and preferences box (docs/product.md §2, §4 'Consent') in the three
// channel languages. They live here, not in src/i18n, because vanilla-cookieconsent renders its
// own DOM from this shape before the app has rendered anything.
import type { Translation } from 'vanilla-cookieconsent';

export const CONSENT_LANGUAGES = ['en', 'pt', 'es'] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

export type Texts = {
  title: string;
  description: string;
  acceptAll: string;
  acceptNecessary: string;
  managePreferences: string;
  preferencesTitle: string;
  savePreferences: string;
  close: string;
  usageTitle: string;
  usage: string;
  necessaryTitle: string;
  necessary: string;
  analyticsTitle: string;
  analytics: string;
  moreTitle: string;
  more: string;
};

/** Each language's texts in a module of its own: a first visit loads the banner's language only (issue #14 budget). */
const LOADERS: Record<ConsentLanguage, () => Promise<{ TEXTS: Texts }>> = {
  en: () => import('./consent-texts-en'),
  pt: () => import('./consent-texts-pt'),
  es: () => import('./consent-texts-es'),
};

/** Links in the texts keep the reader in their language: '/pt/privacy' (docs/product.md §10 locale prefixes). */
function localized(language: ConsentLanguage, html: string): string {
  return html.replaceAll('{base}', language === 'en' ? '' : `/${language}`);
}

/** The library's translation for `language`, its texts loaded when it is asked for. */
export async function loadConsentTranslation(language: ConsentLanguage): Promise<Translation> {
  return consentTranslation(language, (await LOADERS[language]()).TEXTS);
}

function consentTranslation(language: ConsentLanguage, t: Texts): Translation {
  return {
    consentModal: {
      title: t.title,
      description: localized(language, t.description),
      acceptAllBtn: t.acceptAll,
      acceptNecessaryBtn: t.acceptNecessary,
      showPreferencesBtn: t.managePreferences,
    },
    preferencesModal: {
      title: t.preferencesTitle,
      acceptAllBtn: t.acceptAll,
      acceptNecessaryBtn: t.acceptNecessary,
      savePreferencesBtn: t.savePreferences,
      closeIconLabel: t.close,
      sections: [
        { title: t.usageTitle, description: t.usage },
        { title: t.necessaryTitle, description: t.necessary, linkedCategory: 'necessary' },
        { title: t.analyticsTitle, description: t.analytics, linkedCategory: 'analytics' },
        { title: t.moreTitle, description: localized(language, t.more) },
      ],
    },
  };
}
