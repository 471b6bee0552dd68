// The service worker runs the drain through worker/ code (sw/sw.ts) and must never open the live
// stream (issue #48; docs/architecture/live.md 'Live stream': one holder per browser, elected among
// the tabs' sync engines). Its static import graph holds no live module and no caller of
// openStream.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function fileOf(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every file sw/sw.ts reaches through relative imports (type-only ones too: a superset is fine). */
function graphOf(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const match of text.matchAll(IMPORT)) {
      const next = match[1] ? fileOf(file, match[1]) : null;
      if (next && !seen.has(next)) queue.push(next);
    }
  }
  return seen;
}

describe('the service worker opens no live stream', () => {
  it('reaches no live module, and nothing it reaches calls openStream', () => {
    const graph = graphOf(join(ROOT, 'sw/sw.ts'));
    const files = [...graph.keys()].map((file) => relative(ROOT, file));
    expect(files).toContain('worker/drain.ts');
    expect(files.filter((file) => /^worker\/(live|engine)/.test(file))).toEqual([]);
    const callers = [...graph].filter(([file, text]) => relative(ROOT, file) !== 'worker/api-client.ts' && /\.openStream\(/.test(text));
    expect(callers.map(([file]) => relative(ROOT, file))).toEqual([]);
  });
});
