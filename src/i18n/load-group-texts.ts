// The one way to load the group screens' texts (./group-texts.ts), for the group routes' loaders and
// the composer: resolves once they are added. Should the chunk fail to load (offline before the
// service worker holds it) the screen still opens; the next attempt loads it again.
export function loadGroupTexts(): Promise<void> {
  return import('./group-texts').then(
    () => undefined,
    () => undefined,
  );
}
