// The one way to load the guided session screens' texts (./session-texts.ts), for the session
// route's loader: resolves once they are added. Should the chunk fail to load (offline before the
// service worker holds it) the screen still opens; the next attempt loads it again.
export function loadSessionTexts(): Promise<void> {
  return import('./session-texts').then(
    () => undefined,
    () => undefined,
  );
}
