// Issue #12 point 6: the shells of index.html in each language (build/first-paint-plugin.ts):
// every marked text comes from that language's catalogue, <html lang> and data-shell follow.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localizeShell, shellFileFor } from '../../build/first-paint-plugin';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

const indexHtml = readFileSync('index.html', 'utf8');
const markedKeys = [...indexHtml.matchAll(/data-shell-text="([^"]+)"/g)].map((m) => m[1]);

describe('first paint shells', () => {
  it('marks the name, the heading, the intro, the loading line and the title', () => {
    expect(markedKeys).toEqual(['landing.title', 'app.name', 'landing.heading', 'landing.intro', 'guest.shellLoading']);
  });

  it.each([
    ['en-US', enUS],
    ['pt-BR', ptBR],
    ['es-ES', esES],
  ])('%s: the catalogue texts, lang and data-shell', (locale, catalogue) => {
    const html = localizeShell(indexHtml, locale);
    expect(html).toContain(`<html lang="${locale}" data-shell="${locale}">`);
    for (const text of [catalogue.app.name, catalogue.landing.heading, catalogue.landing.intro, catalogue.guest.shellLoading, catalogue.landing.title]) {
      expect(html).toContain(`>${text}<`);
    }
  });

  it('replaces a marked text whatever it held, and refuses an unknown locale', () => {
    const html = localizeShell('<html lang="en-US" data-shell="en-US"><p data-shell-text="app.name">x</p>', 'en-US');
    expect(html).toContain('<p data-shell-text="app.name">Prayer Community</p>');
    expect(() => localizeShell(indexHtml, 'fr-FR')).toThrow();
  });

  it('names one shell file per prefix', () => {
    expect([shellFileFor(''), shellFileFor('pt'), shellFileFor('es')]).toEqual(['index.html', 'index.pt.html', 'index.es.html']);
  });
});
