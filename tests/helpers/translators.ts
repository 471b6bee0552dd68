// The app's three catalogues in one i18next instance of the test's own: a fixed `t` a locale, so
// a test reads what each language's screen would say (plural rules included).
import i18next, { type TFunction } from 'i18next';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

export const LOCALES = ['en-US', 'pt-BR', 'es-ES'] as const;
export type Translators = Map<string, TFunction<'translation', undefined>>;

/** Fills `into` (kept by the caller across tests) with the `t` of each of LOCALES. */
export async function loadTranslators(into: Translators): Promise<void> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { 'en-US': { translation: enUS }, 'pt-BR': { translation: ptBR }, 'es-ES': { translation: esES } },
    lng: 'en-US',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  for (const locale of LOCALES) into.set(locale, instance.getFixedT(locale, 'translation'));
}
