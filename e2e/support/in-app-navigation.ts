// Opens an address by the app's own client-side routing, as a followed link does, instead of a
// full page load (issue #11 item 7: a load restarts the app, its sync worker and their pulls).
// TanStack Router's browser history (@tanstack/history createBrowserHistory) wraps
// window.history.pushState: a push made from the page is heard by the router, which matches,
// loads and renders the new route in the page already running. The wait is on the NEW route's
// own content: every level-1 heading on screen before the push is marked with its text, and the
// navigation is done once a level-1 heading is on screen that is not one of those (a new element,
// or the same element React kept with another text). A page that keeps the old heading as it was
// never passes this wait: the step fails, it does not go on checking the old page.
import type { Page } from '@playwright/test';

/** The attribute the headings of the page being left carry, with their text as it was. */
const LEFT_BEHIND = 'data-e2e-left-behind';
const HEADINGS = 'h1, [role="heading"][aria-level="1"]';

export async function navigateInApp(page: Page, href: string, timeout = 10_000): Promise<void> {
  // Issue #12 point 6: the first paint (index.html's static landing, `.first-paint`) shows before
  // the app runs; a push made then is heard by no router. Wait until the app has replaced it.
  await page.locator('.first-paint').waitFor({ state: 'detached', timeout: 15_000 });
  await page.evaluate(
    ({ selector, mark, to }) => {
      for (const heading of document.querySelectorAll(selector)) heading.setAttribute(mark, heading.textContent);
      // The state the router's own pushes carry: the next index (its back/forward arithmetic) and a fresh key.
      const state: unknown = window.history.state;
      const index = typeof state === 'object' && state !== null && '__TSR_index' in state ? Number(state.__TSR_index) : 0;
      const key = Math.random().toString(36).slice(2, 10);
      window.history.pushState({ __TSR_index: index + 1, key, __TSR_key: key }, '', to);
    },
    { selector: HEADINGS, mark: LEFT_BEHIND, to: href },
  );
  try {
    await page.waitForFunction(
      ({ selector, mark }) =>
        [...document.querySelectorAll<HTMLElement>(selector)].some((heading) => {
          const before = heading.getAttribute(mark);
          const shown = heading.checkVisibility();
          return shown && (before === null || before !== heading.textContent);
        }),
      { selector: HEADINGS, mark: LEFT_BEHIND },
      { timeout },
    );
  } catch (error) {
    throw new Error(`In-app navigation to ${href}: no new level-1 heading within ${String(timeout)} ms`, { cause: error });
  }
  await page.evaluate(
    ({ selector, mark }) => {
      for (const heading of document.querySelectorAll(selector)) heading.removeAttribute(mark);
    },
    { selector: `[${LEFT_BEHIND}]`, mark: LEFT_BEHIND },
  );
}
