// Runs the cross-engine journeys in one engine: one server, one browser (Firefox) or one
// WebKitWebDriver (WebKit) for the whole file, a fresh profile and a cut proxy per journey. Each
// journey prints its duration; the file ends with the engine's summary.
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import type { Journey, JourneyContext, Session } from './journey-types';
import { ONLINE_JOURNEYS } from './journeys';
import { CUT_JOURNEYS } from './offline-journeys';
import { GROUP_JOURNEYS } from './group-journeys';
import { LIVE_JOURNEYS } from './live-journeys';
import { DB_NAME } from '../../src/model/db';
import { startAppServer, type AppServer } from './support/app-server';
import type { EngineDriver, EngineName } from './support/driver';
import { FirefoxDriver, launchFirefox } from './support/firefox';
import { WebKitDriver, startWebKitWebDriver, type WebKitServer } from './support/webkit';

/** WebKitWebDriver's first port (E2E_ENGINES_PORT; a lane each, from it up; a machine running several suites gives each its own). */
const WEBKIT_DRIVER_PORT = Number(process.env.E2E_ENGINES_PORT ?? 4444);

/** The long cut first: both engines' files start together, so their 60 s cuts overlap. */
const ORDER = [6, 1, 2, 3, 4, 5, 7, 8, 9, 10];
/**
 * The long cut's 60 s are a wait: it runs on a lane of its own (a server and a browser), beside
 * the other journeys on theirs, and its network comes back once they are done, so its delivery is
 * timed on a quiet machine (docs/decisions/0205-ci-time-on-a-slower-machine-2026-12-06.md).
 */
const ALONE = [6];

/** E2E_JOURNEYS=1,2,3: only these journeys (to look into one; `npm test` runs them all). */
/** Under the test timeout (e2e/engines/vitest.config.ts, 180 s) by enough for the failure report. */
const JOURNEY_DEADLINE_MS = 150_000;
const REPORT_READ_MS = 10_000;
const ONLY = process.env.E2E_JOURNEYS?.split(',').map(Number);

type Result = { id: number; name: string; ms: number; ok: boolean; error?: string };

/** `log`: what the browser's driver process printed last, for a failure's report. */
type Engine = { open(baseUrl: string): Promise<EngineDriver>; stop(): Promise<void>; log(): string };

async function startEngine(engine: EngineName, webKitPort: number): Promise<Engine> {
  if (engine === 'firefox') {
    const browser: Browser = await launchFirefox();
    return { open: (baseUrl) => FirefoxDriver.open(browser, baseUrl), stop: () => browser.close(), log: () => '(none kept)' };
  }
  const server: WebKitServer = await startWebKitWebDriver(webKitPort);
  return { open: (baseUrl) => WebKitDriver.open(server, baseUrl), stop: () => server.stop(), log: () => server.log() };
}

/** A read for the failure report: its text, or why there is none (a hung page does not answer). */
async function readWithin(read: Promise<string>): Promise<string> {
  const late = new Promise<string>((resolve) => setTimeout(() => resolve(`(no answer in ${String(REPORT_READ_MS)} ms)`), REPORT_READ_MS).unref());
  return Promise.race([read.catch((error: unknown) => `(unreadable: ${String(error)})`), late]);
}

/** On a failure: where each page of the journey was and what it showed, for the report. */
async function printPage(engine: EngineName, driver: EngineDriver): Promise<void> {
  console.log(`[${engine}] the driver at the failure: ${driver.commandReport()}`);
  const shown = await readWithin(driver.evaluate<string>('() => location.href + "\\n" + document.body.innerText.slice(0, 2000)'));
  console.log(`[${engine}] the page at the failure: ${shown}`);
  const store = await readWithin(driver.evaluate<string>(STORE_PROBE, DB_NAME));
  console.log(`[${engine}] the store and locks at the failure: ${store}`);
  // The last Pray taps' steps (e2e/engines/support/app.ts START_PRAY_TRACE), when a journey prayed.
  const prays = await readWithin(driver.evaluate<string>('() => (window.__prayTrace ?? []).slice(-80).join("\\n  ")'));
  console.log(`[${engine}] the Pray taps at the failure:\n  ${prays}`);
}

/**
 * For a sync that stalls
 * (docs/decisions/0166-the-webkit-store-wedge-the-stall-after-a-reload-while-cut.md): the Web Locks
 * held and waited for, and per object store whether a read and a write transaction start within 3
 * s.
 */
const STORE_PROBE = `async (name) => {
  const within = (promise) => Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('TIMEOUT'), 3000))]);
  const out = [];
  const locks = navigator.locks ? await within(navigator.locks.query()) : 'no navigator.locks';
  out.push('locks: ' + JSON.stringify(locks));
  const db = await within(new Promise((resolve, reject) => { const r = indexedDB.open(name); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); }));
  if (db === 'TIMEOUT') return out.concat('open: TIMEOUT').join('\\n');
  for (const store of db.objectStoreNames) {
    const read = await within(new Promise((resolve) => { const q = db.transaction(store, 'readonly').objectStore(store).count(); q.onsuccess = () => resolve(q.result); q.onerror = () => resolve('error ' + q.error); }));
    const write = await within(new Promise((resolve) => { const t = db.transaction(store, 'readwrite'); t.objectStore(store).count(); t.oncomplete = () => resolve('ok'); t.onerror = () => resolve('error ' + t.error); }));
    out.push(store + ': read ' + read + ', write ' + write);
  }
  db.close();
  return out.join('\\n');
}`;

type Lane = { server: AppServer; browser: Engine };

/** A lane's server and browser (a WebKit lane its own WebKitWebDriver, on the next port). */
async function startLane(engine: EngineName, index: number): Promise<Lane> {
  const [server, browser] = await Promise.all([startAppServer(), startEngine(engine, WEBKIT_DRIVER_PORT + index)]);
  return { server, browser };
}

/** One journey on its lane: a fresh session per session() call, a deadline, a report on failure. */
async function runJourney(engine: EngineName, journey: Journey, lane: Lane, othersDone: Promise<void>, results: Result[]): Promise<void> {
  const sessions: Session[] = [];
  /** What a session() call is waiting for, while it waits (a hang there has no page to report). */
  let opening: string | undefined;
  const { server: app, browser: engineHandle } = lane;
  const context: JourneyContext = {
    engine,
    server: app,
    othersDone,
    async session(options = {}) {
      opening = 'its cut proxy';
      const proxy = await app.proxy(options);
      const scheme = options.plainHttp === true ? 'http' : 'https';
      opening = 'a browser session';
      const driver = await engineHandle.open(`${scheme}://127.0.0.1:${String(proxy.port)}`);
      opening = undefined;
      const opened = { driver, proxy };
      sessions.push(opened);
      return opened;
    },
    note: (message) => console.log(`[${engine}] journey ${String(journey.id)}: ${message}`),
  };
  const started = Date.now();
  let deadline: ReturnType<typeof setTimeout> | undefined;
  try {
    // A journey that hangs on a browser command ends here, before the test's own timeout, so
    // the report below still runs and says which command it was.
    await Promise.race([
      journey.run(context),
      new Promise<never>((_resolve, reject) => {
        deadline = setTimeout(() => reject(new Error(`still running after ${String(JOURNEY_DEADLINE_MS / 1000)} s`)), JOURNEY_DEADLINE_MS);
      }),
    ]);
    results.push({ id: journey.id, name: journey.name, ms: Date.now() - started, ok: true });
  } catch (error) {
    if (opening !== undefined) console.log(`[${engine}] hung while opening ${opening}; the driver's last output:\n${engineHandle.log()}`);
    for (const { driver } of sessions) await printPage(engine, driver);
    console.log(`[${engine}] the server's last requests:\n  ${app.recentRequests().join('\n  ')}`);
    results.push({ id: journey.id, name: journey.name, ms: Date.now() - started, ok: false, error: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    clearTimeout(deadline);
    for (const { driver, proxy } of sessions) {
      proxy.restore();
      await driver.close().catch((error: unknown) => console.log(`[${engine}] closing a session: ${String(error)}`));
    }
    const last = results.at(-1);
    console.log(`[${engine}] journey ${String(journey.id)} ${last?.ok === true ? 'passed' : 'FAILED'} in ${((last?.ms ?? 0) / 1000).toFixed(1)} s`);
  }
}

export function defineEngineSuite(engine: EngineName): void {
  const journeys: Journey[] = [...ONLINE_JOURNEYS, ...CUT_JOURNEYS, ...GROUP_JOURNEYS, ...LIVE_JOURNEYS]
    .filter((journey) => journey.engines === undefined || journey.engines.includes(engine))
    .filter((journey) => ONLY === undefined || ONLY.includes(journey.id))
    .sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));
  const alone = journeys.filter((j) => ALONE.includes(j.id));
  const rest = journeys.filter((j) => !ALONE.includes(j.id));
  const results: Result[] = [];
  const lanes: Lane[] = [];
  const outcomes = new Map<number, Promise<void>>();

  /** Runs `laneJourneys` one after another on `lane`; settles (never rejects) when all are done. */
  function runLane(laneJourneys: Journey[], lane: Lane, othersDone: Promise<void>): Promise<void> {
    let chain: Promise<void> = Promise.resolve();
    for (const journey of laneJourneys) {
      const outcome = chain.then(() => runJourney(engine, journey, lane, othersDone, results));
      // Handled here (its test awaits it later): a failure is not an unhandled rejection meanwhile.
      chain = outcome.catch(() => undefined);
      outcomes.set(journey.id, outcome);
    }
    return chain;
  }

  describe(`${engine}: core journeys`, () => {
    beforeAll(async () => {
      const started = Date.now();
      const [restLane, aloneLane] = await Promise.all([rest, alone].map((list, index) => (list.length > 0 ? startLane(engine, index) : null)));
      for (const lane of [restLane, aloneLane]) if (lane) lanes.push(lane);
      console.log(`[${engine}] ${String(lanes.length)} lanes (server and browser each) up in ${String(Date.now() - started)} ms`);
      // Both lanes at once; a journey's test waits for its outcome.
      const restDone = restLane ? runLane(rest, restLane, Promise.resolve()) : Promise.resolve();
      if (aloneLane) void runLane(alone, aloneLane, restDone);
    });

    afterAll(async () => {
      for (const lane of lanes) {
        await lane.browser.stop();
        await lane.server.close();
      }
      const lines = results.map((r) => `  ${r.ok ? 'pass' : 'FAIL'}  ${String(r.id)}. ${r.name}  ${(r.ms / 1000).toFixed(1)} s${r.error === undefined ? '' : `\n        ${r.error}`}`);
      const passed = results.filter((r) => r.ok).length;
      const total = results.reduce((sum, r) => sum + r.ms, 0);
      console.log(`\n[${engine}] summary: ${String(passed)} passed, ${String(results.length - passed)} failed, ${(total / 1000).toFixed(1)} s in journeys\n${lines.join('\n')}`);
    });

    for (const journey of journeys) {
      test(`${String(journey.id)}. ${journey.name}`, async () => {
        const outcome = outcomes.get(journey.id);
        if (outcome === undefined) throw new Error('the server or the browser did not start');
        await outcome;
      });
    }
  });
}
