// Issue #14 item 1 (first step): every built script and stylesheet under assets/ gets a brotli
// (.br) and a gzip (.gz) copy at build time, so the server sends the smaller one the browser
// accepts without compressing on every request (server/static.ts: @fastify/static preCompressed,
// which also sends `Vary: Accept-Encoding`). The files at the top of the build that every visit
// fetches get copies too, once the build has written them all (closeBundle, after the service
// worker's own build): the language shells index*.html and sw.js (247 KB as written). The
// service worker precaches by extension (vite.config.ts globPatterns), so the copies never enter
// its precache.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/;
/** The top-level files every visit fetches: the language shells, the service worker, the manifest. */
export const TOP_LEVEL_COMPRESSIBLE = /^(index(\.[a-z]+)?\.html|sw\.js|manifest\.webmanifest)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

export type Compressed = { file: string; bytes: number; br: number; gz: number };

/** Writes `<file>.br` and `<file>.gz` beside every file of `dir` that `names` matches (not recursive). */
export function precompressDirectory(dir: string, names: RegExp = COMPRESSIBLE): Compressed[] {
  const written: Compressed[] = [];
  for (const name of readdirSync(dir)) {
    if (!names.test(name)) continue;
    const path = join(dir, name);
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const br = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gz = gzipSync(source, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    written.push({ file: name, bytes: source.length, br: br.length, gz: gz.length });
  }
  return written;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'prayer-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    writeBundle() {
      precompressDirectory(resolve(root, outDir, 'assets'));
    },
    // After every plugin's closeBundle: the service worker and the language shells are written there.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDirectory(resolve(root, outDir), TOP_LEVEL_COMPRESSIBLE);
      },
    },
  };
}
