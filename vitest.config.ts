import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default outside watch mode is one worker fewer than the cores: one worker on this
    // 2-core machine, so the suite ran file after file (issue #11 item 7). Most files wait on a
    // server or a database for part of their time, so all cores it is.
    maxWorkers: availableParallelism(),
    // Files share their worker's module graph instead of importing the server, Dexie and the
    // sync engine afresh each (the import phase was 70 s of the suite's CPU time; the suite took
    // 230 s with isolation, 112 s without). What is shared: the modules and the one fake
    // IndexedDB (tests/setup.ts). Every file starts its own server and database, and every file
    // that uses the local store clears it before each test, so no state crosses files.
    isolate: false,
  },
});
