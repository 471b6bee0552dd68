// Issue #12 point 5, for e2e/every-route.spec.ts: the open route at 195, 320, 768 and 1440 px wide,
// with no horizontal overflow and no clipped text (a screenshot kept under
// <output>/screens/<lang>/<width>/<route>.jpeg where a fault is found, or at every width with
// E2E_SCREENS=1); and axe-core in light and then dark mode. The viewport is resized
// and the colour mode switched in the page already open (no reload), to keep the sweep fast.
//
// Horizontal overflow: the document wider than the viewport, or a rendered box reaching past the
// viewport's left or right edge with no ancestor that clips or scrolls it (a fixed bar does not
// widen the document).
//
// What counts as clipped text (docs/decisions/0130-layouts-hold-the-sweep.md): a rendered element
// whose text (its own or its descendants') overflows a box that hides the overflow, that is an
// element with `overflow` hidden or clip on an axis whose scroll size on that axis exceeds its
// client size (an ellipsis is only drawn in such a box, so a text cut to "Prayer Co…" is one). Not
// counted:
// - boxes of 1 px or less: the visually-hidden pattern, text meant for screen readers only;
// - form fields (input, textarea, select): their value scrolls inside the field;
// - scrolling boxes (overflow auto or scroll): nothing is cut, the rest scrolls into view;
// - INTENTIONAL_CUTS: excerpts of a member's text shown whole one tap away (the notification's
//   one-line excerpt of a post, and any element marked `data-clamped`, e.g. a line-clamped post
//   body); and any box with a CSS `-webkit-line-clamp`, on the vertical axis only.
import { join } from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { seriousAxeViolations, WCAG_TAGS } from './axe';

export const SWEEP_WIDTHS = [195, 320, 768, 1440] as const;
/**
 * A screenshot of every route at every width with E2E_SCREENS=1 (to look the screens over); by
 * default only where the sweep finds a fault, the evidence beside its message: drawing and encoding
 * ~500 full pages nobody opens was a fifth of this spec's time
 * (docs/decisions/0130-layouts-hold-the-sweep.md).
 */
const KEEP_EVERY_SCREEN = process.env.E2E_SCREENS === '1';
const SWEEP_HEIGHT = 800;
const INTENTIONAL_CUTS = '.notification__excerpt, [data-clamped]';

/** What the page shows that does not fit: the document's overflow and each clipped text. */
type LayoutFaults = { overflow: string | null; clipped: string[] };

/**
 * Two frames after a resize or a colour change (styles, layout and resize observers have run), with
 * every transition at its end: a colour change eases the buttons' backgrounds over 150 ms while
 * their text changes at once, and contrast read in between is neither mode's. Cards below the fold
 * (`content-visibility: auto`) get their new style only when something reads it, which would start
 * their transitions in the middle of axe's reading: every element's style is read first.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    for (const element of document.body.querySelectorAll('*')) void getComputedStyle(element).backgroundColor;
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
}

/**
 * `width` is the viewport's: an emulated phone widens its layout viewport (clientWidth, innerWidth)
 * to fit content that overflows, as a phone zooms out (e2e/text-scale.spec.ts), so the document is
 * measured against the width set, not its own.
 */
export function layoutFaults(page: Page, width: number): Promise<LayoutFaults> {
  return page.evaluate(({ exempt, width }) => {
    const describe = (element: Element): string => {
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes} "${text}"`;
    };
    const root = document.documentElement;
    // Beyond the viewport's sides: a fixed bar (the bottom navigation) overflowing does not widen
    // the document, so every rendered box is checked that no ancestor clips or scrolls.
    const isContained = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || (box.left >= -1 && box.right <= width + 1)) return false;
        return element.checkVisibility() && !isContained(element);
      })
      .slice(0, 3)
      .map(describe);
    let overflow: string | null = null;
    const documentWidth = Math.max(root.scrollWidth, window.innerWidth);
    if (documentWidth > width || outside.length > 0) {
      overflow = `document ${String(documentWidth)} px wide in ${String(width)} px; beyond the sides: ${outside.join('; ')}`;
    }
    const clipped: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) continue;
      const style = getComputedStyle(element);
      const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (!hidesX && !hidesY) continue;
      if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
      if ((element.textContent ?? '').trim() === '' || element.closest(exempt) !== null || !element.checkVisibility()) continue;
      const clamped = style.getPropertyValue('-webkit-line-clamp') !== 'none' && style.getPropertyValue('-webkit-line-clamp') !== '';
      const cutX = hidesX && element.scrollWidth > element.clientWidth + 1;
      const cutY = hidesY && !clamped && element.scrollHeight > element.clientHeight + 1;
      if (cutX || cutY) clipped.push(`${describe(element)} (${cutX ? 'width' : 'height'})`);
    }
    return { overflow, clipped };
  }, { exempt: INTENTIONAL_CUTS, width });
}

/** The route at each sweep width: a screenshot, no horizontal overflow, no clipped text; then the viewport it had. */
export async function sweepWidths(page: Page, info: TestInfo, lang: string, routeName: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of SWEEP_WIDTHS) {
    await page.setViewportSize({ width, height: SWEEP_HEIGHT });
    await settle(page);
    const faults = await layoutFaults(page, width);
    if (KEEP_EVERY_SCREEN || faults.overflow !== null || faults.clipped.length > 0) {
      // JPEG: a full page of a feed at 1440 px encodes several times faster than as PNG.
      const path = join(info.outputDir, 'screens', lang, String(width), `${routeName}.jpeg`);
      await page.screenshot({ path, fullPage: true, scale: 'css', type: 'jpeg', quality: 70 });
    }
    expect.soft(faults.overflow, `${routeName} in ${lang} at ${String(width)} px: horizontal overflow`).toBeNull();
    expect.soft(faults.clipped, `${routeName} in ${lang} at ${String(width)} px: clipped text`).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * The rules whose result can differ between the colour modes (the mode changes colours only). They
 * read colours, which no language changes, so they run in one language per route (`checkAxe`).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Which axe rules a check runs: every WCAG A/AA rule, those without the colour rules, or the colour rules alone. */
type RuleSet = 'all' | 'without-colour' | 'colour';

/** Serious and critical axe-core violations of the rule set. */
async function seriousViolations(page: Page, rules: RuleSet): Promise<string[]> {
  if (rules === 'colour') return seriousAxeViolations(page, { rules: COLOUR_RULES });
  return seriousAxeViolations(page, { tags: WCAG_TAGS, except: rules === 'without-colour' ? COLOUR_RULES : [] });
}

/**
 * axe in light mode, then the colour rules in dark mode by the device preference the app follows
 * (the page's preference is 'system'); a route whose colour mode the product fixes (`forced`: the public pages light, the password reset dark) is checked in
 * that mode only. With `colours` false the colour rules do not run at all: the caller checks the
 * same screen's colours in another language
 * (docs/decisions/0163-ci-time-measured-and-what-limits-it.md).
 */
export async function checkAxe(page: Page, label: string, forced: 'light' | 'dark' | undefined, colours: boolean): Promise<void> {
  expect.soft(await seriousViolations(page, colours ? 'all' : 'without-colour'), `${label}: axe violations (${forced ?? 'light'})`).toEqual([]);
  if (forced || !colours) return;
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await settle(page);
  expect.soft(await seriousViolations(page, 'colour'), `${label}: axe violations (dark)`).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
}
