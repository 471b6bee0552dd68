// The prayer group screens' texts (src/i18n/locales/areas/groups.ts `screens`; ROUTE_PATHS of
// ./later-paths.ts), kept out of every first load (issue #14's budget) and added to i18next when a
// group route or the composer loads this chunk: the routes' loaders await it, so a cold start on
// /group/5 or /g/<code> renders with its words, never raw keys. Added deep, for the active language
// now and for each language the app switches to, as ./later-texts.ts does.
import i18next from 'i18next';
import { groupsTexts } from './locales/areas/groups';
import { groupAdminTexts } from './locales/areas/group-admin';
import { ROUTE_PATHS, laterOf } from './later-paths';

const GROUP_TEXTS: Record<string, object> = Object.fromEntries(
  Object.entries(groupsTexts).map(([locale, groups]) => [locale, laterOf({ groups: { ...groups, admin: Reflect.get(groupAdminTexts, locale) } }, ROUTE_PATHS)]),
);

function addGroupTexts(language: string | undefined): void {
  const texts = language === undefined ? undefined : GROUP_TEXTS[language];
  if (language !== undefined && texts !== undefined) i18next.addResourceBundle(language, 'translation', texts, true, true);
}

addGroupTexts(i18next.language);
i18next.on('languageChanged', addGroupTexts);
