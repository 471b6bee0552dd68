// Keyboard-only helpers for issue #5's journey: move focus with Tab / Shift+Tab until a control
// has it (a bounded number of presses, so an unreachable control fails instead of looping), and
// check that the focused control shows where focus is (WCAG 2.4.7).
import { expect, type Locator, type Page } from '@playwright/test';

type TabOptions = { backwards?: boolean; maxPresses?: number };

/** True when `target` (its first match) is the document's active element. */
export async function hasFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0) return false;
  return target.first().evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` is focused; fails after `maxPresses` presses.
 * Waits first for the target to be in the page, so a screen still loading does not count presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, maxPresses = 60 }: TabOptions = {}): Promise<void> {
  await target.first().waitFor({ state: 'attached', timeout: 15_000 });
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(key);
  }
  const focused = await describeFocus(page);
  throw new Error(`${key} did not reach ${target.toString()} within ${maxPresses} presses (focus is on ${focused})`);
}

/** A short description of the active element, for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}> "${name}"`;
  });
}

type FocusStyle = { tag: string; outlineStyle: string; outlineWidth: string; boxShadow: string };

/** The focus indicator of the active element: an outline or a box-shadow that is not 'none'. */
export async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const style = await page.evaluate((): FocusStyle | null => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const computed = getComputedStyle(element);
    return { tag: element.tagName, outlineStyle: computed.outlineStyle, outlineWidth: computed.outlineWidth, boxShadow: computed.boxShadow };
  });
  expect(style, `${what}: something has focus`).not.toBeNull();
  if (!style) return;
  const hasOutline = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
  const hasShadow = style.boxShadow !== 'none';
  expect(hasOutline || hasShadow, `${what}: focus indicator on <${style.tag}> (${JSON.stringify(style)})`).toBe(true);
}
