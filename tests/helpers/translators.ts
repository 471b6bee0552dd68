// The app's three catalogues in one i18next instance of the test's own: a fixed `t` a locale, so
// a test reads what each language's screen would say (plural rules included).
import i18next, { type TFunction } from 'i18next';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';
import { FAIL_ON_MISSING_KEYS } from './missing-keys';
import { scopedFixture } from './scoped-fixture';

export const LOCALES = ['en-US', 'pt-BR', 'es-ES'] as const;

/** The app's catalogues as i18next options: every key in every language, so no fallback. */
export const APP_CATALOGUES = {
  resources: { 'en-US': { translation: enUS }, 'pt-BR': { translation: ptBR }, 'es-ES': { translation: esES } },
  lng: 'en-US',
  fallbackLng: false as const,
  interpolation: { escapeValue: false },
  // A key none of them holds fails the test (tests/helpers/missing-keys.ts, tests/setup.ts).
  ...FAIL_ON_MISSING_KEYS,
};
export type Translators = Map<string, TFunction<'translation', undefined>>;

/** Fills `into` (kept by the caller across tests) with the `t` of each of LOCALES. */
export async function loadTranslators(into: Translators): Promise<void> {
  const instance = i18next.createInstance();
  await instance.init(APP_CATALOGUES);
  for (const locale of LOCALES) into.set(locale, instance.getFixedT(locale, 'translation'));
}

/**
 * The file's (or the describe block's) translators, loaded before its tests: `tOf(locale)` is that
 * language's `t`, read inside a test or a hook.
 */
export function useTranslators(): (locale: string) => TFunction<'translation', undefined> {
  const current = scopedFixture('The translators', async () => {
    const translators: Translators = new Map();
    await loadTranslators(translators);
    return translators;
  });
  return (locale) => {
    const t = current().get(locale);
    if (!t) throw new Error(`no translator for ${locale}`);
    return t;
  };
}
