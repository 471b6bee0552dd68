// The English interface strings a Portuguese or Spanish screen must never show (issue #12 point 3,
// e2e/translations.spec.ts): every string of the English catalogue whose translation differs,
// as a pattern with its {{placeholders}} matching anything, plus the English words the server and
// the old forms used to show. A shown text matches when it is one of these strings whole.
import type { Page } from '@playwright/test';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

/** The server's English messages the forms showed before codes were translated (REVIEW.md). */
const SERVER_ENGLISH = [
  'These credentials do not match our records',
  'Enter your name',
  'Enter your email',
  'Enter your password',
  'Enter a valid email address',
  'Use at least 8 characters',
  'Content not found',
];

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [child, text] of leaves(value, path)) out.set(child, text);
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `own`: the language's own strings (no placeholder), never English however an English pattern reads them. */
export type EnglishString = { key: string; text: string; pattern: RegExp; own: ReadonlySet<string> };

/** English strings that differ in `lang`'s catalogue; too-short ones (under 4 letters besides placeholders) are left out. */
export function englishLeftovers(lang: 'pt' | 'es'): EnglishString[] {
  const theirs = leaves((lang === 'pt' ? ptBR : esES) as unknown as Tree);
  // "Link de convite" is Portuguese although "Link {{provider}}" would read it as English.
  const own = new Set([...theirs.values()].filter((text) => !text.includes('{{')).map((text) => text.trim()));
  const found: EnglishString[] = [];
  const add = (key: string, text: string) => {
    const parts = text.split(/\{\{[^}]+\}\}/);
    const letters = parts.join('').replace(/[^\p{L}]/gu, '');
    if (letters.length < 4) return;
    // {{count}} is a number ("3", "1.234"); any other placeholder may be any words.
    const holes = [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => (match[1] === 'count' ? '\\d[\\d.,\\s]*' : '.+?'));
    const source = parts.map((part, i) => `${escape(part)}${holes[i] ?? ''}`).join('');
    found.push({ key, text, pattern: new RegExp(`^${source.trim()}$`, 'su'), own });
  };
  for (const [key, text] of leaves(enUS as unknown as Tree)) {
    const translated = theirs.get(key);
    if (translated !== undefined && translated.trim() !== text.trim()) add(key, text);
  }
  for (const text of SERVER_ENGLISH) add('server', text);
  return found;
}

/** The visible texts of the page (each text node, trimmed) and its aria-labels, placeholders and titles. */
export function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (text === '' || parent === null || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (parent.checkVisibility()) texts.push(text);
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

/** Each shown text that is an English string whole, with the catalogue key it came from. */
export function englishShown(texts: string[], english: EnglishString[]): string[] {
  const hits = new Set<string>();
  for (const text of texts) {
    const hit = english.find((candidate) => candidate.pattern.test(text) && !candidate.own.has(text));
    if (hit !== undefined) hits.add(`"${text}" (${hit.key})`);
  }
  return [...hits];
}
