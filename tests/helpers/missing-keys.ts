// Issue #49 item 2: no raw key can reach a person, so in unit tests a text asked for that no
// loaded catalogue holds is a failure, not a key quietly shown. i18next's missing-key handling
// (saveMissing + missingKeyHandler: called whenever t() falls back to the key) records each one;
// tests/setup.ts fails the test that asked for it. Every i18next instance the tests make through
// tests/helpers (APP_CATALOGUES) and the app's own instance (the default one, set up in
// tests/setup.ts before any init) report here. A test about a missing key itself reads the
// records with takeMissingKeys() and so clears them.
import type { InitOptions } from 'i18next';

const missing: string[] = [];

/** The i18next options that record every missing key. */
export const FAIL_ON_MISSING_KEYS = {
  saveMissing: true,
  // Every language asked for, not only the fallback (there is none: fallbackLng false).
  saveMissingTo: 'current',
  missingKeyHandler: (languages: readonly string[], _namespace: string, key: string) => {
    missing.push(`${languages.join(',')}: ${key}`);
  },
} satisfies InitOptions;

/** The missing keys asked for since the last call (and forgets them). */
export function takeMissingKeys(): string[] {
  return missing.splice(0);
}
