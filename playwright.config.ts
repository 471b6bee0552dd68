// Playwright: the built PWA and the real /api/v1 server (in-memory PGlite) in Debian's Chromium.
// `npm test` runs `npm run build` first; the web server serves dist/.
import { defineConfig, devices } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS, CHROMIUM_SHELL_PATH } from './e2e/support/chromium';
import { E2E_OUTPUT, E2E_WORKERS, e2eServer } from './e2e/support/servers';

const isCI = Boolean(process.env.CI);
// E2E_DIST: a build directory of one's own (with E2E_OUTPUT and E2E_PORT, e2e/support/servers.ts).
const DIST = process.env.E2E_DIST ?? 'dist';
/**
 * The specs that use what only the full browser has (Push, Background Sync); every other spec runs
 * in the headless shell, the same engine at a quarter less CPU (e2e/support/chromium.ts).
 */
const FULL_BROWSER_SPECS = ['background-sync', 'push', 'reminders', 'missing-features', 'keyboard-journey'].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: E2E_OUTPUT,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0, // the tests must be deterministic
  workers: E2E_WORKERS,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `${E2E_OUTPUT}-report` }]],
  use: {
    ...devices['Pixel 7'],
    // Pixel 7 brings isMobile/hasTouch and its 412 px viewport; the engine is still the Chromium
    // below. Drawn at 1 device pixel per CSS pixel instead of the phone's 2.625: no check reads
    // device pixels (screenshots are taken at CSS scale), and the software rasteriser then draws a
    // seventh of the pixels, a tenth of the suite's time
    // (docs/decisions/0163-ci-time-measured-and-what-limits-it.md).
    deviceScaleFactor: 1,
    browserName: 'chromium',
    // baseURL: per worker, from e2e/support/fixtures.ts.
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
    // A failing test keeps its screenshot and page snapshot. E2E_TRACE=1 also keeps a trace of its
    // actions, console, network and errors: recorded for every test and thrown away on success, it
    // cost 5% of the suite's CPU, and a run nobody opens the traces of (CI) needs none
    // (docs/decisions/0207-ci-time-what-each-check-costs-2026-12-06.md).
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false, snapshots: false } : 'off',
  },
  projects: [
    { name: 'chromium', testIgnore: FULL_BROWSER_SPECS, use: { launchOptions: { executablePath: CHROMIUM_SHELL_PATH, args: CHROMIUM_ARGS } } },
    { name: 'chromium-full', testMatch: FULL_BROWSER_SPECS, use: { launchOptions: { executablePath: CHROME_PATH, args: CHROMIUM_ARGS } } },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const { port, dataDir } = e2eServer(index);
    return {
      command: 'npx tsx server/start.ts',
      url: `http://localhost:${String(port)}/api/v1/posts`,
      // Each run starts from the seed in memory. The login limiter stays on, with room for the suite.
      env: { PORT: String(port), STATIC_DIR: DIST, DATA_DIR: dataDir, DATABASE_URL: 'memory://', RATE_LIMIT_MAX: '200', LOG: '0' },
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    };
  }),
});
