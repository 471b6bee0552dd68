// The cross-engine suite (issue #23, docs/architecture/tests.md 'Cross-engine suite'): the core
// journeys in Debian's Firefox ESR and WebKitGTK, `npm run e2e:engines`. One file per engine; the
// two files run side by side (each its own server, browser and ports), so the engines' 60 s network
// cuts overlap instead of adding up. Not picked up by Playwright (its testMatch is *.spec/*.test)
// nor by the unit suite (vitest.config.ts includes tests/ only).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/engines/**/*.engine.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
