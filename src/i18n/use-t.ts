// A lighter useTranslation for components mounted by the hundred (the feed's cards, as the reader
// scrolls): react-i18next's hook builds a wrapper of the i18n instance for every component that
// mounts, which was 2.5% of bench SCROLL's time. This one subscribes to language changes only and
// shares one fixed `t` per language, which remembers the texts it gave (remembering()). The active
// language's catalogue is loaded before the first render (initI18n, src/main.tsx) and a new one
// before i18next switches, so nothing here waits for a namespace to load.
import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18next } from './index';

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** The `t` react-i18next's useTranslation() gives, in one fixed language. */
type Translate = TFunction<'translation', undefined>;
type Translator = { t: Translate; language: string };
const translators = new Map<string, Translator>();

/** More texts than one language's catalogue and its counts on screen: past it the memory starts again. */
const REMEMBERED_TEXTS = 4_000;

/**
 * The texts asked for without options or with a count only, remembered per language (issue #14
 * point 3): a feed card asks for a dozen (the pray control, the kind, the menu's entries), and
 * i18next's lookup, plural rule and interpolation were a fifth of the first feed render's script
 * time. Anything else (other interpolations, contexts) goes to i18next every time.
 */
export function remembering(fixed: Translate): Translate {
  const texts = new Map<string, unknown>();
  const call = (args: unknown[]): unknown => Reflect.apply(fixed, undefined, args);
  const translate = (...args: unknown[]): unknown => {
    const memoKey = memoKeyOf(args);
    if (memoKey === null) return call(args);
    const kept = texts.get(memoKey);
    if (kept !== undefined) return kept;
    const text = call(args);
    if (texts.size >= REMEMBERED_TEXTS) texts.clear();
    // A missing key answers with itself: not kept, so a catalogue loaded later is read.
    if (text !== args[0]) texts.set(memoKey, text);
    return text;
  };
  // The same calls as i18next's own `t` (every one is passed to it or answered with what it said
  // for the same key and count): its typed overloads cannot be written as one function's type.
  return translate as unknown as Translate;
}

function memoKeyOf(args: unknown[]): string | null {
  const [key, options] = args;
  if (typeof key !== 'string' || args.length > 2) return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  const names = Object.keys(options);
  const count: unknown = (options as { count?: unknown }).count;
  return names.length === 1 && typeof count === 'number' ? `${key}\u0000${String(count)}` : null;
}

/** One translator per language, made once: the snapshot stays the same object until the language changes. */
function currentTranslator(): Translator {
  const { language } = i18next;
  let translator = translators.get(language);
  if (!translator) {
    translator = { t: remembering(i18next.getFixedT(language, 'translation')), language };
    translators.set(language, translator);
  }
  return translator;
}

/** `t` in the current language, and that language; re-renders when the language changes. */
export function useT(): Translator {
  return useSyncExternalStore(subscribe, currentTranslator);
}
