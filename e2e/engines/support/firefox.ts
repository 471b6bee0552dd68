// Debian's Firefox ESR over WebDriver BiDi (puppeteer-core, no download): one browser for the
// engine's whole run, and one fresh browser context (its own cookies, storage and service workers)
// per journey. acceptInsecureCerts: the app runs over https with the harness's self-signed
// certificate (e2e/engines/support/app-server.ts).
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { EngineDriver } from './driver';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    protocol: 'webDriverBiDi',
    acceptInsecureCerts: true,
  });
}

export class FirefoxDriver extends EngineDriver {
  readonly engine = 'firefox' as const;

  private constructor(
    readonly baseUrl: string,
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    super();
  }

  static async open(browser: Browser, baseUrl: string): Promise<FirefoxDriver> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return new FirefoxDriver(baseUrl, context, page);
  }

  protected async open(url: string): Promise<void> {
    await this.track(`open ${url}`, this.page.goto(url, { waitUntil: 'load' }));
  }

  protected run(source: string, arg: unknown): Promise<unknown> {
    return this.track(`script ${source.slice(0, 60)}`, this.page.evaluate(`(${source})(${JSON.stringify(arg)})`));
  }

  protected async nativeClick(selector: string): Promise<boolean> {
    try {
      await this.track(`click ${selector}`, this.page.click(selector));
      return true;
    } catch (error) {
      // Puppeteer's words when the selector matches nothing (the element was replaced).
      if (error instanceof Error && error.message.startsWith('No element found for selector')) return false;
      throw error;
    }
  }

  protected async nativeType(selector: string, text: string): Promise<void> {
    await this.track(`type ${selector}`, (async () => {
      await this.page.click(selector);
      await this.page.keyboard.down('Control');
      await this.page.keyboard.press('a');
      await this.page.keyboard.up('Control');
      await this.page.keyboard.press('Backspace');
      await this.page.keyboard.type(text);
    })());
  }

  async reload(): Promise<void> {
    await this.track('reload', this.page.reload({ waitUntil: 'load' }));
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
