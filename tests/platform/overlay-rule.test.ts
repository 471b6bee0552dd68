// Issue #12 point 6: at most one overlay at a time (src/platform/overlay-rule.ts).
import { describe, expect, it } from 'vitest';
import { shownOverlay, type Overlay, type WantedOverlays } from '../../src/platform/overlay-rule';

const none: WantedOverlays = { consent: false, notification: false, install: false };

describe('one overlay at a time', () => {
  it('shows nothing unless something is wanted, and never more than one', () => {
    expect(shownOverlay(none, null)).toBeNull();
    const all: WantedOverlays = { consent: true, notification: true, install: true };
    expect(shownOverlay(all, null)).toBe('consent');
  });

  it('the consent banner comes first, then the notification prompt, then the install prompt', () => {
    expect(shownOverlay({ ...none, consent: true, install: true }, null)).toBe('consent');
    expect(shownOverlay({ ...none, notification: true, install: true }, null)).toBe('notification');
    expect(shownOverlay({ ...none, install: true }, null)).toBe('install');
  });

  it('a prompt on screen stays until it is closed, even when one that ranks higher is wanted later', () => {
    expect(shownOverlay({ ...none, notification: true, install: true }, 'install')).toBe('install');
    // Closed: the next one in order follows.
    expect(shownOverlay({ ...none, notification: true }, 'install')).toBe('notification');
  });

  it('the consent banner is never kept waiting (it is asked for again on every navigation without a choice)', () => {
    const current: Overlay = 'install';
    expect(shownOverlay({ ...none, consent: true, install: true }, current)).toBe('consent');
  });
});
