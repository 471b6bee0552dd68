// A lighter useTranslation for components mounted by the hundred (the feed's cards, as the reader
// scrolls): react-i18next's hook builds a wrapper of the i18n instance for every component that
// mounts, which was 2.5% of bench SCROLL's time. This one subscribes to language changes only and
// shares one fixed `t` per language. The active language's catalogue is loaded before the first
// render (initI18n, src/main.tsx) and a new one before i18next switches, so nothing here waits for a
// namespace to load.
import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18next } from './index';

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** The `t` react-i18next's useTranslation() gives, in one fixed language. */
type Translator = { t: TFunction<'translation', undefined>; language: string };
const translators = new Map<string, Translator>();

/** One translator per language, made once: the snapshot stays the same object until the language changes. */
function currentTranslator(): Translator {
  const { language } = i18next;
  let translator = translators.get(language);
  if (!translator) {
    const t: TFunction<'translation', undefined> = i18next.getFixedT(language, 'translation');
    translator = { t, language };
    translators.set(language, translator);
  }
  return translator;
}

/** `t` in the current language, and that language; re-renders when the language changes. */
export function useT(): Translator {
  return useSyncExternalStore(subscribe, currentTranslator);
}
