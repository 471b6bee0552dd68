// WebKitGTK (the engine family of Safari) through Debian's webkit2gtk-driver: WebKitWebDriver, run
// by the harness under xvfb-run in a process group of its own (killed whole at the end, so no
// Xvfb or MiniBrowser outlives the run), and one classic WebDriver session (selenium-webdriver)
// per journey, each a new MiniBrowser with a fresh profile. No BiDi and no network emulation here
// (docs/architecture/tests.md 'Cross-engine suite'): the network is cut below the browser instead.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { EngineDriver, pollUntil } from './driver';

const WEBKIT_DIR = process.env.WEBKIT_DIR ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1';

/** `log()`: the last of what WebKitWebDriver (and the MiniBrowsers it starts) wrote to stderr. */
export type WebKitServer = { url: string; stop(): Promise<void>; log(): string };

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Starts WebKitWebDriver on `port` under a virtual display; `stop()` ends its whole process group. */
export async function startWebKitWebDriver(port: number): Promise<WebKitServer> {
  if (await portOpen(port)) throw new Error(`WebKitWebDriver: port ${String(port)} is already in use (E2E_ENGINES_PORT picks another range)`);
  // -noreset: Xvfb resets when its last client leaves (a journey's MiniBrowser closing), and the
  // next journey's MiniBrowser, connecting meanwhile, could not open the display and its session
  // never started (docs/decisions/0169-open-a-webkit-journey-that-hung-before-it-had-a-page.md).
  const child: ChildProcess = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24 -noreset', 'WebKitWebDriver', `--port=${String(port)}`], {
    detached: true, // setsid: its own process group, so stop() reaches Xvfb and every MiniBrowser
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.pid === undefined || child.exitCode !== null) return;
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await pollUntil(async () => (child.exitCode !== null ? Promise.reject(new Error(`exited ${String(child.exitCode)}: ${stderr}`)) : (await portOpen(port)) || undefined), () => `WebKitWebDriver did not listen on ${String(port)}: ${stderr}`, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${String(port)}`, stop, log: () => stderr || '(nothing)' };
}

export class WebKitDriver extends EngineDriver {
  readonly engine = 'webkit' as const;

  private constructor(
    readonly baseUrl: string,
    private readonly driver: WebDriver,
  ) {
    super();
  }

  static async open(server: WebKitServer, baseUrl: string): Promise<WebKitDriver> {
    const driver = await new Builder()
      .usingServer(server.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        acceptInsecureCerts: true,
        'webkitgtk:browserOptions': { binary: `${WEBKIT_DIR}/MiniBrowser`, args: ['--automation'] },
      })
      .build();
    await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
    return new WebKitDriver(baseUrl, driver);
  }

  protected async open(url: string): Promise<void> {
    await this.track(`open ${url}`, this.driver.get(url));
  }

  protected run(source: string, arg: unknown): Promise<unknown> {
    return this.track(`script ${source.slice(0, 60)}`, this.driver.executeScript(`return (${source})(arguments[0]);`, arg));
  }

  protected async nativeClick(selector: string): Promise<boolean> {
    try {
      await this.track(`click ${selector}`, this.driver.findElement(By.css(selector)).click());
      return true;
    } catch (error) {
      // Replaced before the find (none has the mark) or between the find and the tap (the handle
      // found is detached: WebKit CI, journey 2, a card drawn again as its prayer was counted).
      if (error instanceof Error && (error.name === 'NoSuchElementError' || error.name === 'StaleElementReferenceError')) return false;
      throw error;
    }
  }

  protected async nativeType(selector: string, text: string): Promise<void> {
    await this.track(`type ${selector}`, (async () => {
      const element = await this.driver.findElement(By.css(selector));
      await element.clear();
      await element.sendKeys(text);
    })());
  }

  async reload(): Promise<void> {
    await this.track('reload', this.driver.navigate().refresh());
  }

  async close(): Promise<void> {
    await this.driver.quit();
  }
}
