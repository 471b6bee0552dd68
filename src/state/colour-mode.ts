// docs/product.md §2 colour mode: a light, dark or system preference kept in local storage; some routes force
// a mode (public pages light, the password reset dark). What is painted is resolved here, purely;
// src/components/use-colour-mode.ts applies it to <html data-theme>.

export const COLOUR_MODE_KEY = 'prayer-colour-mode';
export const COLOUR_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ColourPreference = (typeof COLOUR_PREFERENCES)[number];
export type ColourMode = 'light' | 'dark';

/** Anything stored that is not a known preference (absent, edited by hand) reads as 'system'. */
export function parseColourPreference(raw: string | null | undefined): ColourPreference {
  return COLOUR_PREFERENCES.find((mode) => mode === raw) ?? 'system';
}

/** A forced mode wins over the preference; 'system' follows the device. */
export function resolveColourMode(
  preference: ColourPreference,
  forced: ColourMode | null,
  systemPrefersDark: boolean,
): ColourMode {
  if (forced) return forced;
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** The toggle in the menus cycles light, dark, system. */
export function nextColourPreference(current: ColourPreference): ColourPreference {
  const index = COLOUR_PREFERENCES.indexOf(current);
  return COLOUR_PREFERENCES[(index + 1) % COLOUR_PREFERENCES.length] ?? 'system';
}
