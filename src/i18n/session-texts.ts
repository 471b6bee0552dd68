// The guided session's own screens' texts (src/i18n/locales/areas/session.ts `begin`,
// `beginPrayers`, `run`, `end`; ROUTE_PATHS of ./later-paths.ts), kept out of every first load
// (issue #14's budget) and added to i18next when the session route's loader loads this chunk, so a
// cold start on /session renders with its words, never raw keys. Added deep, for the active
// language now and for each language the app switches to, as ./group-texts.ts does.
import i18next from 'i18next';
import { sessionTexts } from './locales/areas/session';
import { ROUTE_PATHS, laterOf } from './later-paths';

const SESSION_TEXTS: Record<string, object> = Object.fromEntries(
  Object.entries(sessionTexts).map(([locale, texts]) => [locale, laterOf({ guidedSession: texts }, ROUTE_PATHS)]),
);

function addSessionTexts(language: string | undefined): void {
  const texts = language === undefined ? undefined : SESSION_TEXTS[language];
  if (language !== undefined && texts !== undefined) i18next.addResourceBundle(language, 'translation', texts, true, true);
}

addSessionTexts(i18next.language);
i18next.on('languageChanged', addSessionTexts);
