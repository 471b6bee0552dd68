// axe-core in the page under test, for the accessibility checks of the e2e specs (every route, the
// prayer session). Its source (1.2 MB) goes into a document once: @axe-core/playwright evaluated
// it twice per check, and a route is checked once or twice per language on a document that in-app
// navigation keeps (docs/decisions/0206-ci-time-axe-core-once-per-document-2026-12-06.md). The app
// has no frames, so the top document is all.
import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 A and AA rules: what the product promises (docs/product.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeWindow = { axe?: typeof axe };

/** Which rules run: a set of rules, or the tags' rules less some. */
export type AxeRules = { rules: string[] } | { tags: string[]; except?: string[] };

function runOptions(rules: AxeRules): axe.RunOptions {
  const base: axe.RunOptions = { resultTypes: ['violations'] };
  if ('rules' in rules) return { ...base, runOnly: { type: 'rule', values: rules.rules } };
  const disabled = Object.fromEntries((rules.except ?? []).map((id) => [id, { enabled: false }]));
  return { ...base, runOnly: { type: 'tag', values: rules.tags }, rules: disabled };
}

/** Serious and critical violations of the page as it is now, each with the elements it found. */
export async function seriousAxeViolations(page: Page, rules: AxeRules): Promise<string[]> {
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (options) => {
    const loaded = (window as AxeWindow).axe;
    if (!loaded) throw new Error('axe-core did not load into the page');
    return (await loaded.run(document, options)).violations;
  }, runOptions(rules));
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
