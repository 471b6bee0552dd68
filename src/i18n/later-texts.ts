// The later texts (./later-paths.ts) of every language, added to i18next when the app is idle
// after its first render, the moment the commands load too (src/main.tsx): a chunk of its own,
// outside the first load (docs/decisions/0181-texts-that-come-with-the-commands.md). Should it fail
// to load (offline before the service worker has it), a message falls back to the generic one.
// Added deep, for the active language now and for each language the app switches to (i18next
// has loaded that language's chunk when it says so). A screen that shows a later text imports
// this module (or awaits ./load-later-texts.ts) before it uses one, so it never shows a key.
import i18next from 'i18next';
import type { Locale } from '../../common/account-contract';
import { apiErrorsTexts } from './locales/areas/api-errors';
import { groupNotifyTexts } from './locales/areas/group-notify';
import { updatesTexts } from './locales/areas/updates';
import { type LaterArea, laterOf } from './later-paths';

/**
 * Every area a later path is in, by its catalogue key (src/i18n/locales/catalogue.ts): typed by
 * LaterArea, so a later path whose area is left out here does not compile (issue #49 major 1: the
 * update dialog's words were cut from the first load and added by nothing, and showed as keys).
 */
const AREAS: { [area in LaterArea]: Record<Locale, object> } = { apiErrors: apiErrorsTexts, groupNotify: groupNotifyTexts, updates: updatesTexts };

/** The later texts of each language, in the catalogue's shape (exported for tests/ui/later-texts.test.ts). */
export const LATER_TEXTS: Record<string, object> = Object.fromEntries(
  Object.keys(apiErrorsTexts).map((locale) => [
    locale,
    laterOf(Object.fromEntries(Object.entries(AREAS).map(([area, texts]) => [area, Reflect.get(texts, locale) as unknown]))),
  ]),
);

function addLater(language: string | undefined): void {
  const texts = language === undefined ? undefined : LATER_TEXTS[language];
  if (language !== undefined && texts !== undefined) i18next.addResourceBundle(language, 'translation', texts, true, true);
}

addLater(i18next.language);
i18next.on('languageChanged', addLater);
