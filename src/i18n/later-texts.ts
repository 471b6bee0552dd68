// The later texts (./later-paths.ts) of every language, added to i18next when the app is idle
// after its first render, the moment the commands load too (src/main.tsx): a chunk of its own,
// outside the first load (docs/decisions.md 'Texts that come with the commands'). Should it fail
// to load (offline before the service worker has it), a message falls back to the generic one.
// Added deep, for the active language now and for each language the app switches to (i18next
// has loaded that language's chunk when it says so).
import i18next from 'i18next';
import { apiErrorsTexts } from './locales/areas/api-errors';
import { groupNotifyTexts } from './locales/areas/group-notify';
import { laterOf } from './later-paths';

const LATER: Record<string, object> = Object.fromEntries(
  Object.entries(apiErrorsTexts).map(([locale, apiErrors]) => [locale, laterOf({ apiErrors, groupNotify: Reflect.get(groupNotifyTexts, locale) })]),
);

function addLater(language: string | undefined): void {
  const texts = language === undefined ? undefined : LATER[language];
  if (language !== undefined && texts !== undefined) i18next.addResourceBundle(language, 'translation', texts, true, true);
}

addLater(i18next.language);
i18next.on('languageChanged', addLater);
