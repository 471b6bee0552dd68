// i18next setup: every visible string goes through t(). en-US is the default (docs/product.md §9); the
// browser language is mapped to a supported locale, else English (docs/product.md §4).
// Issue #14 point 2: only the active language's strings are loaded. Each language is a chunk of
// its own (build/catalogue-plugin.ts); the backend below imports the active one before the first
// render (initI18n, awaited by src/main.tsx while index.html's first paint shows) and another
// when the language changes (i18next loads it before it switches, so no screen shows keys).
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../common/constants';
import { CHANNELS } from '../../common/contract';
import type { enUS, Resources } from './locales/en-US';

const SUPPORTED_LOCALES = CHANNELS.map((channel) => channel.locale);
type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** One dynamic import per language: the bundler makes each its own chunk. */
const catalogues = {
  'en-US': () => import('virtual:prayer-catalogue/en-US'),
  'pt-BR': () => import('virtual:prayer-catalogue/pt-BR'),
  'es-ES': () => import('virtual:prayer-catalogue/es-ES'),
} satisfies Record<SupportedLocale, () => Promise<{ default: Resources }>>;

function isSupported(language: string): language is SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(language);
}

/** i18next's backend hook: the catalogue of `language`, from its chunk. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to set up: the chunks are found by the bundler.
  },
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!isSupported(language)) {
      callback(new Error(`No catalogue for ${language}`), false);
      return;
    }
    catalogues[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}

/** Maps a BCP 47 tag ('pt', 'es-MX', 'en-GB') to a supported locale by its language. */
export function toSupportedLocale(tag: string | undefined): SupportedLocale | undefined {
  const language = tag?.toLowerCase().split('-')[0];
  return CHANNELS.find((channel) => channel.code === language)?.locale;
}

export function detectLocale(languages: readonly string[] = navigator.languages): SupportedLocale {
  for (const tag of languages) {
    const locale = toSupportedLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export async function initI18n(locale: SupportedLocale = detectLocale()): Promise<typeof i18next> {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await i18next.use(catalogueBackend).use(initReactI18next).init({
    lng: locale,
    // No per-key fallback: every catalogue has every key (tests/ui/i18n-keys.test.ts), and a
    // fallback language would be loaded beside the active one
    // (docs/decisions/0056-first-load-budget-no-fallback-language-catalogues-as-json.md, issue
    // #14). English stays the default where no language is known (detectLocale, DEFAULT_LOCALE).
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    supportedLngs: SUPPORTED_LOCALES,
    interpolation: { escapeValue: false }, // React escapes already
    // Screens re-render when texts are added: the later ones arrive after the first render (./later-paths.ts).
    react: { bindI18nStore: 'added' },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18next;
}

export { i18next };
