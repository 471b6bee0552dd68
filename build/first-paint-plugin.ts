// Vite plugin for the first paint of issue #12 point 6: index.html carries the landing's name,
// heading, intro and a loading line (elements marked data-shell-text="<i18n key>"), so a slow
// connection shows content before the script arrives. Their text comes from the locale files, and
// the build writes one shell per language: index.html (English) and index.<prefix>.html for each
// prefixed channel (index.pt.html, index.es.html) with <html lang> set. server/static.ts and
// sw/sw.ts serve the one the address's prefix names, so no other language flashes first.
import type { Plugin } from 'vite';
import { CHANNELS } from '../common/contract';
import { enUS } from '../src/i18n/locales/en-US';
import { ptBR } from '../src/i18n/locales/pt-BR';
import { esES } from '../src/i18n/locales/es-ES';

const CATALOGUES: Record<string, unknown> = { 'en-US': enUS, 'pt-BR': ptBR, 'es-ES': esES };

/** The shell file of a channel prefix: '' is index.html. */
export function shellFileFor(prefix: string): string {
  return prefix === '' ? 'index.html' : `index.${prefix}.html`;
}

function lookup(catalogue: unknown, key: string): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`first paint: no text for ${key}`);
  return node;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

const MARKED = /(<([a-z0-9]+)\b[^>]*\bdata-shell-text="([^"]+)"[^>]*>)([^<]*)(<\/\2>)/g;

/** The shell in `locale`: every marked element's text, and <html lang>. */
export function localizeShell(html: string, locale: string): string {
  const catalogue = CATALOGUES[locale];
  if (catalogue === undefined) throw new Error(`first paint: no catalogue for ${locale}`);
  return html
    // data-shell stays as written (the app changes lang): which shell was served, for tests.
    .replace(/<html lang="[^"]*" data-shell="[^"]*"/, `<html lang="${locale}" data-shell="${locale}"`)
    .replace(MARKED, (_all, open: string, _tag: string, key: string, _text: string, close: string) => `${open}${escapeHtml(lookup(catalogue, key))}${close}`);
}

export function firstPaintPlugin(): Plugin {
  return {
    name: 'prayer-first-paint',
    enforce: 'post',
    // English in index.html itself, from the catalogue (dev server and build alike).
    transformIndexHtml: { order: 'post', handler: (html) => localizeShell(html, 'en-US') },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') return;
      for (const channel of CHANNELS) {
        if (channel.prefix === '') continue;
        this.emitFile({ type: 'asset', fileName: shellFileFor(channel.prefix), source: localizeShell(index.source, channel.locale) });
      }
    },
  };
}
