// The Chromium the e2e runs (playwright.config.ts) and the client benchmarks (bench/client) launch:
// Debian's (README, the browsers the tests use), headless, without the background traffic that would blur timings.
import { existsSync } from 'node:fs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same Blink and V8 as CHROME_PATH without the browser
 * around them, so each test's page costs about a quarter less CPU
 * (docs/decisions/0163-ci-time-measured-and-what-limits-it.md). It has no Push and no Background
 * Sync: the specs about those run in CHROME_PATH (playwright.config.ts). Without the shell
 * installed, every spec runs in CHROME_PATH.
 */
const SHELL_PATH = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_SHELL_PATH = existsSync(SHELL_PATH) ? SHELL_PATH : CHROME_PATH;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
