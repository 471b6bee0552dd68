// Issue #14 point 2: only the active language's strings in a first load. The locale files
// (src/i18n/locales/{en-US,pt-BR,es-ES}.ts) gather their texts from area files that hold all
// three languages each, so a dynamic import of one locale file would still bring the other two
// (the area modules are shared, and the bundler puts them in a chunk every locale loads). This
// plugin serves `virtual:prayer-catalogue/<locale>` instead: that one language's catalogue,
// evaluated here at build time and written as JSON, so each language is a chunk of its own data
// and nothing else. src/i18n/index.ts loads the active one through i18next's backend hook.
import type { Plugin } from 'vite';
import { enUS } from '../src/i18n/locales/en-US';
import { ptBR } from '../src/i18n/locales/pt-BR';
import { esES } from '../src/i18n/locales/es-ES';
import { withoutLater } from '../src/i18n/later-paths';

export const CATALOGUE_PREFIX = 'virtual:prayer-catalogue/';
const RESOLVED_PREFIX = `\0${CATALOGUE_PREFIX}`;
const CATALOGUES: Record<string, unknown> = { 'en-US': enUS, 'pt-BR': ptBR, 'es-ES': esES };

/**
 * The module text of one catalogue: JSON.parse of a string literal, which engines parse faster
 * than the same data as an object literal (and it is plain data: no code to run).
 */
export function catalogueModule(locale: string): string {
  const catalogue = CATALOGUES[locale];
  if (catalogue === undefined) throw new Error(`catalogue: no locale ${locale}`);
  // Less the texts that come with the commands (src/i18n/later-paths.ts).
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(withoutLater(catalogue as object)))});\n`;
}

export function cataloguePlugin(): Plugin {
  return {
    name: 'prayer-catalogue',
    resolveId(id) {
      return id.startsWith(CATALOGUE_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      return id.startsWith(RESOLVED_PREFIX) ? catalogueModule(id.slice(RESOLVED_PREFIX.length)) : null;
    },
  };
}
