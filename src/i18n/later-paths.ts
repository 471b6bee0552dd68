// Texts of the catalogue that no first load carries (issue #14's 200 KB budget;
// docs/decisions/0181-texts-that-come-with-the-commands.md): the messages of the server's error
// codes, which an answer to something the person did shows. build/catalogue-plugin.ts leaves them
// out of each language's chunk; src/i18n/later-texts.ts adds them when the app is idle after its
// first render, as the commands load. Screens re-render when they arrive (i18next's 'added',
// src/i18n/index.ts), so a refusal listed on the first screen shows the generic message for that
// moment, then its own.
type Texts = { [key: string]: unknown };

/**
 * Issue #28 item 6: the group notification setting's words (src/components/group-notify-setting.tsx)
 * come later too; item 3, the update dialog's and notification's words (updates.later). Each path's
 * first key names its area, which src/i18n/later-texts.ts must add (its AREAS, typed by
 * LaterArea: a path whose area is not added there fails to compile, issue #49 major 1).
 */
export const LATER_PATHS = [['apiErrors', 'codes'], ['groupNotify', 'setting'], ['updates', 'later']] as const satisfies readonly (readonly string[])[];

/** The catalogue areas the later paths are in. */
export type LaterArea = (typeof LATER_PATHS)[number][0];

/** The keys of `moderation` that only the moderation screen (/moderation) reads. */
export const MODERATION_SCREEN_KEYS = [
  'title', 'heading', 'intro', 'loading', 'none', 'offline', 'failed', 'notModerator', 'kindPost', 'kindComment', 'by', 'isHidden',
  'isShown', 'memberReports_one', 'memberReports_other', 'guestReports_one', 'guestReports_other', 'reasons', 'reason_spam',
  'reason_offensive', 'reason_inappropriate', 'reason_other', 'keep', 'restore', 'remove', 'decided', 'pendingCount_one',
  'pendingCount_other', 'more_one', 'more_other',
] as const;

/**
 * Texts that come with their screens' routes, not with the commands
 * (docs/decisions/0194-group-screens.md): the guided session's screens' words
 * (src/i18n/session-texts.ts); the prayer group screens' words, loaded by those routes' loaders and
 * by the composer (src/i18n/group-texts.ts), so a cold start on a group's address never shows raw
 * keys. The moderation screen's sections of my groups come with its chunk
 * (src/i18n/group-moderation-texts.ts).
 */
export const ROUTE_PATHS: readonly (readonly string[])[] = [
  ['groups', 'screens'], ['groups', 'admin'], ['moderation', 'groups'],
  // The moderation screen's own words (src/i18n/group-moderation-texts.ts, imported by its chunk);
  // the notices on a hidden post and the account menu's link stay in the first load.
  ...MODERATION_SCREEN_KEYS.map((key) => ['moderation', key]),
  // The guided session's screens (src/i18n/session-texts.ts, loaded by the /session route's loader).
  ['guidedSession', 'begin'], ['guidedSession', 'beginPrayers'], ['guidedSession', 'run'], ['guidedSession', 'end'],
];

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null;
}

/** A copy of `catalogue` without the later paths and the route paths (a language's first-load chunk). */
export function withoutLater<T extends object>(catalogue: T): T {
  const copy = structuredClone(catalogue) as Texts;
  for (const path of [...LATER_PATHS, ...ROUTE_PATHS]) {
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (isTexts(node) ? node[key] : undefined), copy);
    const last = path.at(-1);
    if (isTexts(parent) && last !== undefined) Reflect.deleteProperty(parent, last);
  }
  return copy as T;
}

/** Only the later paths (or `paths`) of `catalogue`, in its shape. */
export function laterOf(catalogue: object, paths: readonly (readonly string[])[] = LATER_PATHS): Texts {
  const out: Texts = {};
  for (const path of paths) {
    const value = path.reduce<unknown>((node, key) => (isTexts(node) ? node[key] : undefined), catalogue);
    if (value === undefined) continue;
    let node = out;
    for (const key of path.slice(0, -1)) {
      const next = isTexts(node[key]) ? node[key] : {};
      node[key] = next;
      node = next;
    }
    const last = path.at(-1);
    if (last !== undefined) node[last] = value;
  }
  return out;
}
