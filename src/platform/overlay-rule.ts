// Issue #12 point 6: at most one overlay at a time
// (docs/decisions/0051-first-visit-one-overlay-at-a-time.md). The cookie consent banner comes first
// (the law asks for it before anything else); then whichever prompt is already on screen stays
// until it is closed, so a prompt never replaces another under the person's finger; then the
// notification prompt (it needs a session), then the install prompt. The service worker's update
// has no overlay: it reloads on the next navigation (sw-update.ts).

export type Overlay = 'consent' | 'notification' | 'install';

export type WantedOverlays = Record<Overlay, boolean>;

export function shownOverlay(wanted: WantedOverlays, current: Overlay | null): Overlay | null {
  if (wanted.consent) return 'consent';
  if (current !== null && wanted[current]) return current;
  if (wanted.notification) return 'notification';
  if (wanted.install) return 'install';
  return null;
}
