// The moderation screen's words for the groups I moderate (src/i18n/locales/areas/group-moderation.ts,
// `moderation.groups`; ROUTE_PATHS of ./later-paths.ts), kept out of every first load (issue #14's
// budget) and added to i18next when the moderation screen's chunk loads (src/routes/_private/-group-reports.tsx
// imports this module), for the active language now and for each language the app switches to, as ./group-texts.ts does.
import i18next from 'i18next';
import { groupModerationTexts } from './locales/areas/group-moderation';

const TEXTS: Record<string, object> = groupModerationTexts;

function addGroupModerationTexts(language: string | undefined): void {
  const texts = language === undefined ? undefined : TEXTS[language];
  if (language !== undefined && texts !== undefined) i18next.addResourceBundle(language, 'translation', { moderation: { groups: texts } }, true, true);
}

addGroupModerationTexts(i18next.language);
i18next.on('languageChanged', addGroupModerationTexts);
