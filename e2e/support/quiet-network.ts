// "Network idle" for an app that holds a live stream (issue #48: GET sync/live stays open as long as
// the app is online and shown), which Playwright's 'networkidle' would wait for in vain: every other
// request of the page (its own and its workers') done, and none for QUIET_MS.
import type { Page, Request } from '@playwright/test';
import { LIVE_PATH } from '../../common/live-contract';

const QUIET_MS = 500;

export type NetworkWatch = {
  /** Resolves once nothing but the live stream has been in flight for QUIET_MS. */
  quiet(timeoutMs?: number): Promise<void>;
  stop(): void;
};

/** Starts watching the page's requests now (a request sent before is not seen: start it first). */
export function watchNetwork(page: Page): NetworkWatch {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const isStream = (request: Request) => new URL(request.url()).pathname.endsWith(`/api/v1/${LIVE_PATH}`);
  const onRequest = (request: Request) => {
    if (isStream(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const onDone = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  const stop = () => {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  };
  return {
    async quiet(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`the network was not quiet within ${String(timeoutMs)} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop,
  };
}
