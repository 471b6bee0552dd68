// Applies the colour mode (src/state/colour-mode.ts) to <html data-theme>: the stored preference,
// unless the screen forces a mode (public pages light, docs/product.md §2). One store for the whole page so
// the menus' toggle and a forcing layout never disagree.
import { useEffect, useSyncExternalStore } from 'react';
import { COLOUR_MODE_KEY, parseColourPreference, resolveColourMode, type ColourMode, type ColourPreference } from '../state/colour-mode';

const listeners = new Set<() => void>();
const forcedModes: ColourMode[] = [];

function readPreference(): ColourPreference {
  try {
    return parseColourPreference(localStorage.getItem(COLOUR_MODE_KEY));
  } catch {
    return 'system'; // storage blocked: follow the device
  }
}

function systemQuery(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
}

function apply(): void {
  const forced = forcedModes.at(-1) ?? null;
  const mode = resolveColourMode(readPreference(), forced, systemQuery()?.matches ?? false);
  document.documentElement.dataset.theme = mode;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setColourPreference(preference: ColourPreference): void {
  try {
    localStorage.setItem(COLOUR_MODE_KEY, preference);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  apply();
}

/** Call once at startup: paints the stored mode and follows the device while on 'system'. */
export function startColourMode(): void {
  apply();
  systemQuery()?.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === COLOUR_MODE_KEY) apply();
  });
}

export function useColourPreference(): ColourPreference {
  return useSyncExternalStore(subscribe, readPreference, () => 'system');
}

/** A layout or screen that must be shown in one mode (docs/product.md §2) holds it while mounted. */
export function useForcedColourMode(mode: ColourMode): void {
  useEffect(() => {
    forcedModes.push(mode);
    apply();
    return () => {
      const index = forcedModes.lastIndexOf(mode);
      if (index >= 0) forcedModes.splice(index, 1);
      apply();
    };
  }, [mode]);
}
