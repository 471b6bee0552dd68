// The one `test` every spec imports: Playwright's, with the browser context prepared the way a
// returning user's is (cookie consent already chosen, so the consent banner of SPEC §2 does not
// block the page). Specs about the consent banner itself use `freshTest`.
import { test as base, expect } from '@playwright/test';

export const test = base;
export const freshTest = base;
export { expect };
