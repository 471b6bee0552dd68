// Issue #26 point 2: the every-route sweep measures reflow in light mode only (e2e/every-route.spec.ts),
// and that holds for dark mode too because a colour mode changes colours only. This test keeps it
// true: every rule that applies to one mode (a [data-theme] selector or a prefers-color-scheme
// block) sets custom properties and color-scheme, nothing that moves a box.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLES = join(import.meta.dirname, '../../src/styles');

/** The declarations of the rules whose selector or enclosing block names a colour mode. */
function modeDeclarations(css: string): string[] {
  const found: string[] = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const blocks = withoutComments.matchAll(/([^{}]*(?:data-theme|prefers-color-scheme)[^{}]*)\{((?:[^{}]|\{[^{}]*\})*)\}/g);
  for (const [, , body] of blocks) {
    // A media block holds rules: each nested rule's declarations stand in for it.
    const flat = (body ?? '').replace(/[^{};]*\{([^{}]*)\}/g, '$1;');
    for (const declaration of flat.split(';')) if (declaration.trim() !== '') found.push(declaration.trim());
  }
  return found;
}

describe('colour modes', () => {
  it('change only colours, so layouts measured in one mode hold in the other', () => {
    const declarations = readdirSync(STYLES).filter((name) => name.endsWith('.css')).flatMap((name) => modeDeclarations(readFileSync(join(STYLES, name), 'utf8')));
    expect(declarations.length).toBeGreaterThan(10);
    const geometric = declarations.filter((declaration) => !/^--[\w-]+\s*:/.test(declaration) && !/^color-scheme\s*:/.test(declaration));
    expect(geometric).toEqual([]);
  });
});
