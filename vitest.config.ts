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
  },
});
