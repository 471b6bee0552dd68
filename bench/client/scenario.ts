// Runs one scenario under a hard timeout. A scenario starts its own server, proxy and browser
// contexts through its ScenarioEnv, so that on timeout (or failure) the runner can close them;
// the figures it collected so far are reported either way.
import type { Browser, BrowserContext } from 'playwright';
import type { ClientBenchOptions } from './args';
import { newAppContext } from './app';
import { Figures } from './figures';
import type { FillLocalStore } from './seed';
import { LatencyProxy } from './proxy';
import { AppServer, Ports, type ServerOptions } from './server';

export type Served = { server: AppServer; proxy: LatencyProxy };

/** What every scenario shares: options, the browser, the port range, the local-store seed. */
export type Shared = { options: ClientBenchOptions; browser: Browser; ports: Ports; fillLocalStore: FillLocalStore };

export class ScenarioEnv {
  private readonly cleanups: (() => Promise<void>)[] = [];
  readonly proxies: LatencyProxy[] = [];
  private isClosed = false;

  readonly options: ClientBenchOptions;
  readonly browser: Browser;
  readonly ports: Ports;
  /** Seeds `count` posts into the app's local store (the app must have pulled the feed once). */
  readonly fillLocalStore: FillLocalStore;

  constructor(shared: Shared, readonly figures: Figures) {
    this.options = shared.options;
    this.browser = shared.browser;
    this.ports = shared.ports;
    this.fillLocalStore = shared.fillLocalStore;
  }

  /** The server/start.ts of --root serving --dist (fresh in-memory database unless persisted), behind a latency proxy. */
  async serve(extra: Partial<ServerOptions> = {}, delayMs = 0): Promise<Served> {
    this.assertOpen();
    const server = await AppServer.start({ root: this.options.root, dist: this.options.dist, port: await this.ports.take(), ...extra });
    if (this.isClosed) {
      await server.stop();
      throw new Error('scenario closed (timeout)');
    }
    this.cleanups.push(() => server.stop());
    const proxy = new LatencyProxy(server.port, delayMs);
    await proxy.listen(await this.ports.take());
    this.cleanups.push(() => proxy.close());
    this.proxies.push(proxy);
    return { server, proxy };
  }

  async context(baseURL: string): Promise<BrowserContext> {
    this.assertOpen();
    const context = await newAppContext(this.browser, baseURL);
    if (this.isClosed) {
      await context.close();
      throw new Error('scenario closed (timeout)');
    }
    this.cleanups.push(() => context.close());
    return context;
  }

  /** Runs `cleanup` when the scenario ends (or times out). */
  defer(cleanup: () => Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  /** Closes everything the scenario opened, newest first, each step bounded. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const cleanup of this.cleanups.reverse()) {
      await Promise.race([cleanup().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    this.cleanups.length = 0;
  }

  private assertOpen(): void {
    if (this.isClosed) throw new Error('scenario closed (timeout)');
  }
}

export type ScenarioOutcome = { figures: Figures; proxyReport: string[]; status: 'done' | 'timeout' | 'failed'; seconds: number };

export async function runScenario(name: string, timeoutMs: number, shared: Shared, body: (env: ScenarioEnv) => Promise<void>): Promise<ScenarioOutcome> {
  const figures = new Figures(name);
  const env = new ScenarioEnv(shared, figures);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const run = body(env).then(
    () => 'done' as const,
    (error: unknown) => error,
  );
  const result = await Promise.race([run, timeout]);
  clearTimeout(timer);
  let status: ScenarioOutcome['status'] = 'done';
  if (result === 'timeout') {
    status = 'timeout';
    figures.goal('hard timeout', `hit after ${(timeoutMs / 1000).toFixed(0)} s`, 'figures above are partial', false);
    figures.note(`hard timeout after ${(timeoutMs / 1000).toFixed(0)} s: stopping it, figures are partial`);
  } else if (result !== 'done') {
    status = 'failed';
    const message = result instanceof Error ? (result.stack ?? result.message) : String(result);
    figures.goal('scenario error', message.split('\n')[0] ?? 'error', 'runs to the end', false);
    figures.note(`failed: ${message}`);
  }
  const proxyReport = env.proxies.flatMap((proxy, i) => [`proxy #${String(i + 1)} (${String(proxy.delayMs)} ms at the end):`, ...proxy.report()]);
  // A timed-out body keeps running until its calls fail on the closed contexts (run never rejects).
  await env.close();
  return { figures, proxyReport, status, seconds: (performance.now() - started) / 1000 };
}
