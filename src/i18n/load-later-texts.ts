// The one way for a route to await the later texts (./later-texts.ts) before its screen renders:
// the Notifications screen shows an update's sentence (updates.later.notification), and a cold
// start there comes before the idle moment that loads them (src/main.tsx; issue #49 major 1).
// Should the chunk fail to load (offline before the service worker holds it) the screen still
// opens; the next attempt loads it again.
export function loadLaterTexts(): Promise<void> {
  return import('./later-texts').then(
    () => undefined,
    () => undefined,
  );
}
