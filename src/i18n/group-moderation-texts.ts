// The moderation screen's words: its own and the groups I moderate' (src/i18n/locales/areas/moderation.ts,
// group-moderation.ts, `moderation.groups`; ROUTE_PATHS of ./later-paths.ts), kept out of every first load (issue #14's
// budget) and added to i18next when the moderation screen's chunk loads (src/routes/_private/-group-reports.tsx
// imports this module), for the active language now and for each language the app switches to, as ./group-texts.ts does.
import i18next from 'i18next';
import { moderationTexts } from './locales/areas/moderation';
import { ROUTE_PATHS, laterOf } from './later-paths';

// With the groups' sections, the screen's own words (MODERATION_SCREEN_KEYS of ./later-paths.ts).
const TEXTS: Record<string, object> = Object.fromEntries(
  Object.entries(moderationTexts).map(([locale, texts]) => [locale, laterOf({ moderation: texts }, ROUTE_PATHS)]),
);

function addGroupModerationTexts(language: string | undefined): void {
  const texts = language === undefined ? undefined : TEXTS[language];
  if (language !== undefined && texts !== undefined) i18next.addResourceBundle(language, 'translation', texts, true, true);
}

addGroupModerationTexts(i18next.language);
i18next.on('languageChanged', addGroupModerationTexts);
