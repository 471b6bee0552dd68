// The one driver the cross-engine journeys are written against (e2e/engines/journeys*.ts): each
// engine supplies a handful of primitives (open an address, run a script in the page, a native
// click and native keys on a CSS selector), and everything a journey does is built on them here,
// once. Waits poll a condition until it holds or the timeout passes; none sleeps a fixed time.
import { FIND_SOURCE, describeQuery, markedSelector, toWire, type Query, type TextMatch } from './find';

export type EngineName = 'firefox' | 'webkit';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The element's box as a string when it is on top at its centre (scrolled into view first), else null. */
const TAPPABLE_BOX_SOURCE = `(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const box = el.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return null;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!hit || (hit !== el && !el.contains(hit))) return null;
  return [box.left, box.top, box.width, box.height].map(Math.round).join(',');
}`;
const POLL_MS = 100;

export type WaitOptions = { timeout?: number };

/** Polls `check` until it returns something other than undefined; throws `what` after the timeout. */
export async function pollUntil<T>(check: () => Promise<T | undefined>, what: () => string, timeout = DEFAULT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error; // a navigation in progress destroys the page's context for a moment
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${String(timeout)} ms: ${what()}`, { cause: lastError });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export abstract class EngineDriver {
  abstract readonly engine: EngineName;
  /** The browser commands sent and not yet answered, by start time (for a journey that hangs). */
  private readonly inFlight = new Map<number, string>();
  /** The last commands answered, newest last, with how long each took. */
  private readonly trail: string[] = [];
  private commandCount = 0;

  /** Records `what` as in flight until `command` settles; every primitive of an engine goes through it. */
  protected async track<T>(what: string, command: Promise<T>): Promise<T> {
    const id = (this.commandCount += 1);
    const started = Date.now();
    this.inFlight.set(id, `${what} (sent ${new Date(started).toISOString().slice(11, 23)})`);
    try {
      return await command;
    } finally {
      this.inFlight.delete(id);
      this.trail.push(`${new Date(started).toISOString().slice(11, 23)} ${what.slice(0, 80)} ${String(Date.now() - started)} ms`);
      if (this.trail.length > 12) this.trail.shift();
    }
  }

  /** What the driver was doing: the commands in flight and the last ones answered. */
  commandReport(): string {
    return `in flight: ${[...this.inFlight.values()].join('; ') || 'none'}\nlast answered:\n  ${this.trail.join('\n  ')}`;
  }
  /** The origin the browser uses (the cut proxy's, https://127.0.0.1:<port>). */
  abstract readonly baseUrl: string;

  protected abstract open(url: string): Promise<void>;
  /** Runs `(source)(arg)` in the page and returns its JSON result (a promise is awaited). */
  protected abstract run(source: string, arg: unknown): Promise<unknown>;
  /** Taps the element `selector` marks; false when no element has it any more (it was replaced). */
  protected abstract nativeClick(selector: string): Promise<boolean>;
  /** Clears the field and types `text` with the browser's own key events. */
  protected abstract nativeType(selector: string, text: string): Promise<void>;
  abstract reload(): Promise<void>;
  /** Ends this page's browsing context and its profile (cookies, storage, service workers). */
  abstract close(): Promise<void>;

  /** The page's address as the page sees it (client-side navigations included). */
  currentUrl(): Promise<string> {
    return this.evaluate<string>('() => location.href');
  }

  goto(path: string): Promise<void> {
    return this.open(new URL(path, this.baseUrl).href);
  }

  /** Evaluates a function's source in the page with one JSON argument. */
  async evaluate<T>(source: string, arg: unknown = null): Promise<T> {
    return (await this.run(source, arg)) as T;
  }

  /** Marks the first visible match and returns its selector, waiting for it to appear. */
  async find(query: Query, options: WaitOptions = {}): Promise<string> {
    const id = await pollUntil(async () => (await this.run(FIND_SOURCE, toWire(query))) as string | null ?? undefined, () => `no ${describeQuery(query)}`, options.timeout);
    return markedSelector(id);
  }

  async waitFor(query: Query, options: WaitOptions = {}): Promise<void> {
    await this.find(query, options);
  }

  async isShown(query: Query): Promise<boolean> {
    return (await this.run(FIND_SOURCE, toWire(query))) !== null;
  }

  async waitForHidden(query: Query, options: WaitOptions = {}): Promise<void> {
    await pollUntil(async () => ((await this.isShown(query)) ? undefined : true), () => `still shown: ${describeQuery(query)}`, options.timeout);
  }

  /**
   * Clicks the match once a person could tap it: on top at its centre (not covered, and drawn: a
   * card with `content-visibility: auto` just inserted is its placeholder, and WebKitWebDriver
   * calls its button not interactable) and in the same place on two polls in a row. Found afresh
   * each poll, so a match that was replaced is found again.
   */
  async click(query: Query, options: WaitOptions = {}): Promise<void> {
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT_MS);
    for (;;) {
      let lastBox = '';
      const selector = await pollUntil(async () => {
        const found = await this.find(query, { timeout: options.timeout });
        const box = await this.run(TAPPABLE_BOX_SOURCE, found);
        if (typeof box !== 'string') return undefined;
        const isStill = box === lastBox;
        lastBox = box;
        return isStill ? found : undefined;
      }, () => `not tappable: ${describeQuery(query)}`, Math.max(0, deadline - Date.now()));
      // The match may be replaced between the check and the tap (a card drawn again: WebKit CI,
      // journey 2). The browser then finds no element and taps nothing; it is found afresh, as
      // Playwright's locators do. Only a tap that found its element ends here.
      if (await this.nativeClick(selector)) return;
      if (Date.now() > deadline) throw new Error(`replaced before each tap: ${describeQuery(query)}`);
    }
  }

  async fill(query: Query, text: string, options: WaitOptions = {}): Promise<void> {
    await this.nativeType(await this.find(query, options), text);
  }

  /**
   * Sets a form control's value as the browser's own picker would (native setter, then input and
   * change events), for controls whose typed keys differ per engine (time, select).
   */
  async setValue(query: Query, value: string, options: WaitOptions = {}): Promise<void> {
    const selector = await this.find(query, options);
    await this.run(SET_VALUE_SOURCE, { selector, value });
  }

  /** The element's text (spaces collapsed). */
  async textOf(query: Query, options: WaitOptions = {}): Promise<string> {
    const selector = await this.find(query, options);
    return this.evaluate<string>('(s) => (document.querySelector(s)?.textContent ?? "").replace(/\\s+/g, " ").trim()', selector);
  }

  async attribute(query: Query, name: string, options: WaitOptions = {}): Promise<string | null> {
    const selector = await this.find(query, options);
    return this.evaluate<string | null>('({ s, n }) => document.querySelector(s)?.getAttribute(n) ?? null', { s: selector, n: name });
  }

  /** Waits until the element's text contains (or matches) `expected`. */
  async waitForText(query: Query, expected: TextMatch, options: WaitOptions = {}): Promise<string> {
    let last = '';
    return pollUntil(async () => {
      last = await this.textOf(query, { timeout: 0 });
      return (typeof expected === 'string' ? last.includes(expected) : expected.test(last)) ? last : undefined;
    }, () => `${describeQuery(query)} shows "${last}", not ${String(expected)}`, options.timeout);
  }

  /** Waits until `source` (a page function of `arg`) returns a truthy value, and returns it. */
  async waitUntil<T>(source: string, arg: unknown = null, what = source, options: WaitOptions = {}): Promise<T> {
    return pollUntil(async () => ((await this.evaluate<T>(source, arg)) || undefined), () => what, options.timeout);
  }

  async waitForUrl(pattern: RegExp, options: WaitOptions = {}): Promise<void> {
    let last = '';
    await pollUntil(async () => {
      last = await this.currentUrl();
      return pattern.test(last) || undefined;
    }, () => `url ${last} does not match ${String(pattern)}`, options.timeout);
  }
}

const SET_VALUE_SOURCE = `({ selector, value }) => {
  const el = document.querySelector(selector);
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}`;
