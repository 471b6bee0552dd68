// i18next setup: every visible string goes through t(). en-US is the default and the fallback
// (SPEC §9); the browser language is mapped to a supported locale, else English (SPEC §4).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../common/constants';
import { CHANNELS } from '../../common/contract';
import { enUS } from './locales/en-US';
import { ptBR } from './locales/pt-BR';
import { esES } from './locales/es-ES';

export const SUPPORTED_LOCALES = CHANNELS.map((channel) => channel.locale);
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

const resources = {
  'en-US': { translation: enUS },
  'pt-BR': { translation: ptBR },
  'es-ES': { translation: esES },
} satisfies Record<SupportedLocale, { translation: unknown }>;

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
  await i18next.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: SUPPORTED_LOCALES,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18next;
}

export { i18next };
