// Where the e2e servers listen and keep their files (issue #11 item 7): playwright.config.ts starts
// one server per parallel worker, each with its own in-memory database, so specs running side by
// side never see each other's posts, prayers or mail. Worker i (its parallelIndex) talks to PORT + i.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** E2E_OUTPUT: a results directory of one's own, so that two runs (different E2E_PORT) can share a checkout. */
export const E2E_OUTPUT = process.env.E2E_OUTPUT ?? 'test-results';
/** Two workers on this 2-core machine; E2E_WORKERS=1 runs the specs one after another. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/**
 * The server of parallel worker `index`: its port and its data directory. The server writes its
 * mail under DATA_DIR/mail (.eml files, no SMTP in tests), so a spec reads its own reset and
 * account links (e2e/support/mail.ts).
 */
export function e2eServer(index: number): { port: number; dataDir: string } {
  const base = `${E2E_OUTPUT}-data`;
  return { port: E2E_PORT + index, dataDir: index === 0 ? base : `${base}-${String(index)}` };
}

/** The parallel index of the worker running this code (0 outside a worker). */
export function workerIndex(): number {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return Number.isInteger(index) && index >= 0 ? index : 0;
}
