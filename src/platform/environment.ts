// Browser facts the prompts of docs/product.md §4 depend on, read from an injectable window-like object so
// tests can describe any device.

type MediaQuery = (query: string) => { matches: boolean };

type BrowserLike = {
  matchMedia?: MediaQuery;
  navigator?: {
    userAgent?: string;
    maxTouchPoints?: number;
    platform?: string;
    /** iOS Safari: true when launched from the home screen. */
    standalone?: boolean;
    /** User-Agent Client Hints (Chromium). */
    userAgentData?: { mobile?: boolean };
  };
  Notification?: { permission: NotificationPermission };
};

/** docs/product.md §4 'installed app': the app runs in its own window (display-mode standalone), or from the iOS home screen. */
export function isStandalone(browser: BrowserLike): boolean {
  if (browser.navigator?.standalone === true) return true;
  return browser.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Silk|Kindle|BlackBerry|Opera Mini|IEMobile/i;

/** A phone or tablet. iPadOS reports itself as a Mac, so a touch "Mac" counts as mobile. */
export function isMobileDevice(browser: BrowserLike): boolean {
  const nav = browser.navigator;
  if (!nav) return false;
  if (typeof nav.userAgentData?.mobile === 'boolean' && nav.userAgentData.mobile) return true;
  if (MOBILE_UA.test(nav.userAgent ?? '')) return true;
  return nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1;
}

/**
 * Safari's engine family (Safari on macOS and iOS, WebKitGTK, Epiphany): 'AppleWebKit' without a
 * Chromium or Firefox brand. These clear a site's stored data after 7 days without a visit
 * unless the app is installed (issue #23 point 4).
 */
export function isWebKitSafari(browser: BrowserLike): boolean {
  const ua = browser.navigator?.userAgent ?? '';
  return /AppleWebKit/.test(ua) && !/Chrome|Chromium|CriOS|Edg|OPR|FxiOS|Firefox|Android/.test(ua);
}

/**
 * Any browser on WebKit, the iOS browsers (CriOS, FxiOS) too: 'AppleWebKit' without a Chromium
 * version. In these the sync engine runs on the page's thread
 * (docs/decisions/0174-the-webkit-store-wedge-the-engine-on-the-page.md).
 */
export function isWebKitEngine(browser: BrowserLike): boolean {
  const ua = browser.navigator?.userAgent ?? '';
  return /AppleWebKit/.test(ua) && !/(Chrome|Chromium|Edg|OPR)\//.test(ua);
}

/** iPhone, iPad or iPod (iPadOS reports a touch Mac): installing is Share, then Add to Home Screen. */
export function isAppleMobile(browser: BrowserLike): boolean {
  const nav = browser.navigator;
  if (!nav) return false;
  return /iPhone|iPad|iPod/.test(nav.userAgent ?? '') || (nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1);
}

/** docs/product.md §4: 'Notification' in window. */
export function supportsNotifications(browser: BrowserLike): boolean {
  return browser.Notification !== undefined;
}

/** The browser's window as a BrowserLike; undefined outside a page (tests, workers). */
export function currentBrowser(): BrowserLike {
  if (typeof window === 'undefined') return {};
  const browser: BrowserLike = { navigator: window.navigator };
  if (typeof window.matchMedia === 'function') browser.matchMedia = (query) => window.matchMedia(query);
  if ('Notification' in window) browser.Notification = window.Notification;
  return browser;
}
