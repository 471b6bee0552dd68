// Issue #49 item 2: no raw key can reach a person. What a screen shows is read for key-shaped text:
// a dotted path whose first part is a section of the catalogue ("updates.later.submit",
// "groups.screens.invite.removed"), an interpolation i18next left unfilled ("{{name}}"), or
// i18next's sentence for a key that names a section instead of a text. Read by
// e2e/translations.spec.ts over every route and the Notifications of every kind, in three languages.
import { enUS } from '../../src/i18n/locales/en-US';

/** The catalogue's sections: a key starts with one of them. */
const SECTIONS = new Set(Object.keys(enUS));

const DOTTED = /(?<![\w@/.-])([A-Za-z][\w-]*)((?:\.[A-Za-z_][\w-]*)+)(?![\w@/-])/g;
const UNFILLED = /\{\{\s*[\w.]+\s*\}\}/;
const OBJECT_ANSWER = /returned an object instead of string/;

/** The key-shaped parts of one shown text, if any. */
export function keysIn(text: string): string[] {
  const found = [...text.matchAll(DOTTED)].filter((match) => SECTIONS.has(match[1] ?? '')).map((match) => match[0]);
  if (UNFILLED.test(text) || OBJECT_ANSWER.test(text)) found.push(text);
  return found;
}

/** Each shown text with a key in it, named by where it was shown. */
export function keysShown(texts: readonly string[], where: string): string[] {
  const hits = new Set<string>();
  for (const text of texts) if (keysIn(text).length > 0) hits.add(`${where}: "${text}"`);
  return [...hits];
}
