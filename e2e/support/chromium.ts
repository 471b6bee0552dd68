// The Chromium the e2e runs (playwright.config.ts) and the client benchmarks (bench/client) launch:
// Debian's (TOOLCHAIN.md), headless, without the background traffic that would blur timings.
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
