// The tables of docs/architecture/ops-and-screens.md against the code (issue #51 item 4): every op
// of the registry (src/commands/ops/registry.ts) and every route of the generated route tree
// (src/routeTree.gen.ts) has its row, and no row names an op or a route that no longer exists. A
// row names its op or its route in backquotes in its first cell; a route's params are written
// `{name}` where the route tree writes `$name`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OPS } from '../../src/commands/ops/registry';

const ROOT = join(import.meta.dirname, '../..');
const PAGE = 'docs/architecture/ops-and-screens.md';
const page = readFileSync(join(ROOT, PAGE), 'utf8');

/** The page from the line `start` up to the line `end` (or its end). */
function part(start: string, end?: string): string {
  const from = page.indexOf(`\n${start}`);
  if (from < 0) throw new Error(`${PAGE} has no line "${start}"`);
  const to = end === undefined ? -1 : page.indexOf(`\n${end}`, from + 1);
  return to < 0 ? page.slice(from) : page.slice(from, to);
}

/** What the first cells of the table rows of `text` name in backquotes and `pattern` accepts. */
function firstCells(text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''))
    .filter((name) => pattern.test(name));
}

/** The routes of the generated tree, as the page writes them: no trailing slash, `{param}`. */
function routePaths(): string[] {
  const tree = readFileSync(join(ROOT, 'src/routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => {
    const path = m[1] ?? '';
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return trimmed.replace(/\$(\w+)/g, '{$1}');
  });
}

/** What is in `code` and not in `doc`, and what is in `doc` and not in `code`, each sorted. */
function drift(code: string[], doc: string[]): { missing: string[]; gone: string[] } {
  return {
    missing: code.filter((name) => !doc.includes(name)).sort(),
    gone: [...new Set(doc)].filter((name) => !code.includes(name)).sort(),
  };
}

describe(`the tables of ${PAGE}`, () => {
  test('every op of the registry has a row, and every op row is an op of the registry', () => {
    const ops = Object.keys(OPS);
    expect(ops.length).toBeGreaterThan(0);
    const rows = firstCells(part('## The op registry', '## Screens'), /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
    expect(drift(ops, rows)).toEqual({ missing: [], gone: [] });
  });

  test('every route of the route tree has a row, and every route row is a route', () => {
    const routes = routePaths();
    expect(routes.length).toBeGreaterThan(0);
    const rows = firstCells(part('## Screens'), /^\//);
    expect(drift(routes, rows)).toEqual({ missing: [], gone: [] });
  });
});
