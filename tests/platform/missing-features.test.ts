// Issue #23 point 4: the feature checks behind each on-purpose degradation. Without Background
// Sync the waiting list says its changes go out while the app is open; without PushManager no
// notification prompt is offered (reminders land in Notifications only); Safari's engine family
// gets the 7-day warning and its own way to install.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasBackgroundSync } from '../../src/platform/sw-register';
import { browserSupportsWebPush } from '../../src/platform/web-push';
import { isAppleMobile, isWebKitEngine, isWebKitSafari } from '../../src/platform/environment';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hasBackgroundSync', () => {
  it('is true only where the page has a SyncManager (Chromium)', () => {
    expect(hasBackgroundSync({ SyncManager: class {} })).toBe(true);
    expect(hasBackgroundSync({})).toBe(false);
    expect(hasBackgroundSync({ SyncManager: undefined })).toBe(false);
    expect(hasBackgroundSync(undefined)).toBe(false);
  });
});

describe('browserSupportsWebPush', () => {
  it('needs PushManager and service workers', () => {
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('window', { PushManager: class {} });
    expect(browserSupportsWebPush()).toBe(true);
    // WebKitGTK and older Safari: no PushManager.
    vi.stubGlobal('window', {});
    expect(browserSupportsWebPush()).toBe(false);
    vi.stubGlobal('window', { PushManager: class {} });
    vi.stubGlobal('navigator', {});
    expect(browserSupportsWebPush()).toBe(false);
  });
});

const UA = {
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  webkitGtk: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0 Mobile/15E148 Safari/604.1',
};

describe("Safari's engine family", () => {
  it.each([
    ['iphoneSafari', true], ['macSafari', true], ['webkitGtk', true],
    ['chrome', false], ['androidChrome', false], ['edge', false], ['firefox', false], ['iphoneChrome', false],
  ] as const)('%s: %s', (name, expected) => {
    expect(isWebKitSafari({ navigator: { userAgent: UA[name] } })).toBe(expected);
  });

  // docs/decisions/0174-the-webkit-store-wedge-the-engine-on-the-page.md: every browser on WebKit,
  // Chrome on an iPhone too.
  it.each([
    ['iphoneSafari', true], ['macSafari', true], ['webkitGtk', true], ['iphoneChrome', true],
    ['chrome', false], ['androidChrome', false], ['edge', false], ['firefox', false],
  ] as const)('runs the sync engine on the page in %s: %s', (name, expected) => {
    expect(isWebKitEngine({ navigator: { userAgent: UA[name] } })).toBe(expected);
  });

  it('installs through Share on iPhone and iPad (an iPad says it is a touch Mac)', () => {
    expect(isAppleMobile({ navigator: { userAgent: UA.iphoneSafari } })).toBe(true);
    expect(isAppleMobile({ navigator: { userAgent: UA.macSafari, platform: 'MacIntel', maxTouchPoints: 5 } })).toBe(true);
    expect(isAppleMobile({ navigator: { userAgent: UA.macSafari, platform: 'MacIntel', maxTouchPoints: 0 } })).toBe(false);
    expect(isAppleMobile({ navigator: { userAgent: UA.webkitGtk } })).toBe(false);
  });
});
