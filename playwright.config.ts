// Playwright: the built PWA and the real /api/v1 server (in-memory PGlite) in Debian's Chromium.
// `npm test` runs `npm run build` first; the web server serves dist/.
import { cpus } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const isCI = Boolean(process.env.CI);
// E2E_DIST / E2E_OUTPUT: a build directory and a results directory of one's own, so that two
// runs (different E2E_PORT) can share a checkout.
const DIST = process.env.E2E_DIST ?? 'dist';
const OUTPUT = process.env.E2E_OUTPUT ?? 'test-results';
// Where the server writes its mail (.eml files under mail/, no SMTP in tests): one per run, so a spec
// reads its own reset and account links (e2e/support/mail.ts).
export const E2E_DATA_DIR = `${OUTPUT}-data`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: OUTPUT,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0, // the tests must be deterministic
  workers: cpus().length <= 2 ? 1 : 2,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `${OUTPUT}-report` }]],
  use: {
    ...devices['Pixel 7'],
    // Pixel 7 brings isMobile/hasTouch; the engine is still the Chromium below.
    browserName: 'chromium',
    baseURL: `http://localhost:${PORT}`,
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx server/start.ts',
    url: `http://localhost:${PORT}/api/v1/posts`,
    // Each run starts from the seed in memory. The login limiter stays on, with room for the suite.
    env: { PORT: String(PORT), STATIC_DIR: DIST, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: 'memory://', RATE_LIMIT_MAX: '200', LOG: '0' },
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
