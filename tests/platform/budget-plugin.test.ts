// Issue #14 point 2: the first-load budget check of every build (build/budget-plugin.ts): which
// chunks a first visit loads, their sizes as served, the table, and the failure over budget.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { budgetPlugin, enforce, firstLoadSet, formatVerdict, judge, KB, sizesOf, verdictsOf, type ChunkFacts } from '../../build/budget-plugin';
import { catalogueModule } from '../../build/catalogue-plugin';
import { radixPackageOf, rewriteRadixImports } from '../../build/radix-imports-plugin';
import { enUS } from '../../src/i18n/locales/en-US';
import { ptBR } from '../../src/i18n/locales/pt-BR';

function chunk(fileName: string, moduleIds: string[], imports: string[] = [], code = `// ${fileName}\n`, isEntry = false): ChunkFacts {
  return { fileName, moduleIds, imports, code, isEntry };
}

const CHUNKS: ChunkFacts[] = [
  chunk('index.js', ['/src/main.tsx'], ['boot.js', 'runtime.js'], 'import "./boot.js";', true),
  chunk('boot.js', ['/src/router.tsx', '/src/routes/index.tsx?tsr-split=component'], ['runtime.js']),
  chunk('runtime.js', ['\0rolldown/runtime']),
  chunk('en-US.js', ['\0virtual:prayer-catalogue/en-US']),
  chunk('pt-BR.js', ['\0virtual:prayer-catalogue/pt-BR']),
  chunk('settings.js', ['/src/routes/settings.tsx?tsr-split=component'], ['shared.js']),
  chunk('lists.js', ['/src/routes/lists.tsx?tsr-split=component'], ['shared.js']),
  chunk('shared.js', ['/src/components/list-card.tsx']),
];

describe('first-load set', () => {
  it('is the entry, its static imports and the chunks of the loaded modules', () => {
    const set = firstLoadSet(CHUNKS, [/virtual:prayer-catalogue\/en-US$/]).map((c) => c.fileName);
    expect(set.sort()).toEqual(['boot.js', 'en-US.js', 'index.js', 'runtime.js']);
  });

  it('follows a loaded chunk static imports, and never another language', () => {
    const set = firstLoadSet(CHUNKS, [/routes\/lists\.tsx/, /virtual:prayer-catalogue\/pt-BR$/]).map((c) => c.fileName);
    expect(set.sort()).toEqual(['boot.js', 'index.js', 'lists.js', 'pt-BR.js', 'runtime.js', 'shared.js']);
  });
});

describe('sizes and verdicts', () => {
  it('measures raw, gzip and brotli bytes of what it compresses', () => {
    const text = 'const greeting = "pray together";\n'.repeat(200);
    const row = sizesOf('a.js', text);
    expect(row.raw).toBe(Buffer.byteLength(text));
    expect(row.brotli).toBeLessThan(row.gzip);
    expect(row.gzip).toBeLessThan(row.raw / 10);
    // The same settings as build/precompress-plugin.ts writes: the figures are what is served.
    expect(row.gzip).toBe(gzipSync(text, { level: 9 }).length);
    expect(row.brotli).toBe(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: row.raw } }).length);
  });

  it('adds the rows up, sorts them by brotli and is over only above the budget', () => {
    const rows = [
      { file: 'small.js', raw: 10, gzip: 8, brotli: 6 },
      { file: 'big.js', raw: 1000, gzip: 300, brotli: 250 },
    ];
    const exact = judge('set', rows, 256);
    expect(exact.rows.map((row) => row.file)).toEqual(['big.js', 'small.js']);
    expect(exact.total).toEqual({ file: 'total', raw: 1010, gzip: 308, brotli: 256 });
    expect(exact.over).toBe(false);
    expect(judge('set', rows, 255).over).toBe(true);
  });

  it('prints a table with the total, the budget and the goal', () => {
    const verdict = judge('guest first visit', [{ file: 'assets/boot.js', raw: 100 * KB, gzip: 30 * KB, brotli: 25 * KB }], 30 * KB, 20 * KB);
    const table = formatVerdict(verdict).join('\n');
    expect(table).toContain('guest first visit: 25.0 KB brotli of 30 KB (within budget; goal 20 KB, not reached yet)');
    expect(table).toMatch(/assets\/boot\.js\s+100\.0 KB\s+30\.0 KB\s+25\.0 KB/);
    expect(table).toMatch(/total\s+100\.0 KB\s+30\.0 KB\s+25\.0 KB/);
  });

  it('fails when a set is over its budget, naming it', () => {
    const within = judge('worker', [{ file: 'w.js', raw: 1, gzip: 1, brotli: 60 * KB }], 60 * KB);
    const over = judge('page', [{ file: 'p.js', raw: 1, gzip: 1, brotli: 200 * KB + 1 }], 200 * KB);
    expect(() => enforce([within])).not.toThrow();
    expect(() => enforce([within, over])).toThrow(/budget exceeded.*page 200\.0 KB > 200 KB/);
  });
});

describe('the plugin on a bundle', () => {
  const big = Array.from({ length: 4000 }, (_, i) => `export const v${String(i)} = ${String(i * 7919 % 104729)};`).join('\n');
  const output = (code: string): Rolldown.OutputBundle => {
    const entry = { type: 'chunk', fileName: 'assets/index.js', code, imports: [], moduleIds: ['/src/main.tsx'], isEntry: true };
    const worker = { type: 'asset', fileName: 'assets/sync-worker-x1.js', source: 'self.onmessage = () => {};' };
    const html = { type: 'asset', fileName: 'index.html', source: '<!doctype html>' };
    return { 'assets/index.js': entry, 'assets/sync-worker-x1.js': worker, 'index.html': html } as unknown as Rolldown.OutputBundle;
  };
  const options = { firstLoads: [{ name: 'first visit', loads: [], budget: 2 * KB }], workers: [{ name: 'sync worker', file: /sync-worker-/, budget: 60 * KB }] };

  it('judges each first load and each worker', () => {
    const verdicts = verdictsOf(output('export {}'), options);
    expect(verdicts.map((v) => [v.name, v.rows.map((row) => row.file), v.over])).toEqual([
      ['first visit', ['assets/index.js'], false],
      ['sync worker', ['assets/sync-worker-x1.js'], false],
    ]);
  });

  it('fails the build over budget, after printing the table', async () => {
    const lines: string[] = [];
    const plugin = budgetPlugin({ ...options, log: (line) => lines.push(line) });
    const hook = plugin.writeBundle;
    if (typeof hook !== 'function') throw new Error('writeBundle is not a function');
    const run = (bundle: Rolldown.OutputBundle) => hook.call({} as never, {} as never, bundle);
    await expect(Promise.resolve().then(() => run(output('export {}')))).resolves.toBeUndefined();
    await expect(Promise.resolve().then(() => run(output(big)))).rejects.toThrow(/first visit/);
    expect(lines.some((line) => line.includes('first visit') && line.includes('OVER BUDGET'))).toBe(true);
  });
});

describe('per-language catalogues', () => {
  it('hold one language each, as data', () => {
    const english = catalogueModule('en-US');
    expect(english).toContain(JSON.stringify(enUS.landing.heading).slice(1, -1));
    expect(english).not.toContain(ptBR.landing.heading);
    expect(catalogueModule('pt-BR')).toContain(ptBR.landing.heading);
    expect(() => catalogueModule('fr-FR')).toThrow(/no locale/);
  });
});

describe('radix imports without the barrel', () => {
  it('names each primitive by its own package', () => {
    expect(radixPackageOf('DropdownMenu')).toBe('@radix-ui/react-dropdown-menu');
    expect(radixPackageOf('Dialog')).toBe('@radix-ui/react-dialog');
  });

  it('rewrites the named imports of the barrel, and nothing else', () => {
    const code = "import { useState } from 'react';\nimport { AlertDialog, Tabs as T } from 'radix-ui';\nconst x = 1;";
    expect(rewriteRadixImports(code)).toBe(
      "import { useState } from 'react';\nimport * as AlertDialog from '@radix-ui/react-alert-dialog';\nimport * as T from '@radix-ui/react-tabs';\nconst x = 1;",
    );
  });
});
