// Issue #26 point 4: the Spanish interface speaks to one person as tú (and to many as ustedes),
// never in vosotros forms ("Enviadme un enlace" read as Spain's plural). Scripture keeps its
// edition's words (the Reina-Valera 1909 says "Vosotros pues, oraréis así"), so only the
// interface's catalogue and the public pages' own texts are read; the Lord's Prayer page's
// verses are left out.
import { describe, expect, it } from 'vitest';
import { esES } from '../../src/i18n/locales/es-ES';
import { publicEsES } from '../../src/content/public-es-ES';

/** vosotros, vuestro, os, sois, -áis/-éis verbs, and imperatives with a pronoun (envi-ad-me). */
const VOSOTROS = /(?<!\p{L})(vosotr[oa]s|vuestr[oa]s?|os|sois|\p{L}+(?:áis|éis)|\p{L}+(?:ad|ed|id)(?:me|nos|le|les|lo|la|los|las))(?!\p{L})/giu;

function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) strings(child, path ? `${path}.${key}` : key, out);
  return out;
}

function vosotrosIn(entries: [string, string][]): string[] {
  return entries.flatMap(([path, text]) => [...text.matchAll(VOSOTROS)].map((match) => `${path}: "${match[0]}" in "${text}"`));
}

describe('Spanish', () => {
  it('uses no vosotros form in the interface', () => {
    expect(vosotrosIn(strings(esES, ''))).toEqual([]);
  });

  it('uses none in the public pages outside scripture', () => {
    const { lordsPrayer, ...pages } = publicEsES;
    expect(lordsPrayer.translation).toBe('Reina-Valera 1909');
    expect(vosotrosIn(strings(pages, ''))).toEqual([]);
  });

  it('is caught where it would be (the check finds what it looks for)', () => {
    expect(vosotrosIn([['a', 'Enviadme un enlace de descarga'], ['b', 'Que os dé'], ['c', 'si podéis'], ['d', 'Envíame el enlace'], ['e', 'la comunidad, la verdad']])).toHaveLength(3);
  });
});
