// Starts the cookie-consent banner (docs/product.md §4 'Consent': opt-in; the banner shows while no valid
// consent exists; accept all, necessary only, or custom choices). The library and its CSS load
// lazily, off the first paint, and the banner is never started on /privacy (docs/product.md §2).
import { buildConsentConfig, consentLanguage, isConsentExcludedPath } from './consent-config';

type ConsentModule = typeof import('vanilla-cookieconsent');

let library: Promise<ConsentModule> | null = null;
let running: Promise<ConsentModule> | null = null;

// Settled = the user has chosen (or the library could not load, so no banner will ever block the
// page). The app's own prompts wait for it: one overlay at a time
// (docs/decisions/0051-first-visit-one-overlay-at-a-time.md).
let settled = false;
const settledListeners = new Set<() => void>();

function markSettled(): void {
  if (settled) return;
  settled = true;
  for (const listener of settledListeners) listener();
}

/** For useSyncExternalStore: true once no consent banner blocks the page. */
export function isConsentSettled(): boolean {
  return settled;
}

export function subscribeConsentSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

function loadLibrary(): Promise<ConsentModule> {
  library ??= Promise.all([import('vanilla-cookieconsent'), import('vanilla-cookieconsent/dist/cookieconsent.css')]).then(([module]) => module);
  return library;
}

/** Runs the library once; the banner shows by itself while no valid choice exists. */
function ensureRunning(lang: string | null | undefined): Promise<ConsentModule> {
  running ??= loadLibrary()
    .then(async (consent) => {
      // onConsent runs after the first choice and on every start with a valid choice.
      await consent.run({ ...buildConsentConfig(lang), autoShow: true, onConsent: markSettled });
      if (consent.validConsent()) markSettled();
      return consent;
    })
    .catch((err: unknown) => {
      running = null;
      markSettled();
      throw err;
    });
  return running;
}

/**
 * Call on app load and on every navigation (from the root route). On any path but /privacy it
 * starts the banner, or shows it again if it was started without a choice being made. Resolves
 * false on /privacy or when the library could not load (the app works without it).
 */
export async function startConsent(pathname: string, lang: string | null | undefined): Promise<boolean> {
  if (isConsentExcludedPath(pathname)) return false;
  try {
    const wasRunning = running !== null;
    const consent = await ensureRunning(lang);
    if (wasRunning && !consent.validConsent()) consent.show(true);
    return true;
  } catch (err) {
    console.warn('cookie consent could not start', err);
    return false;
  }
}

/** Follows the channel language (docs/product.md §4 'Channel and language'). */
export async function setConsentLanguage(lang: string): Promise<void> {
  if (running) await (await running).setLanguage(consentLanguage(lang));
}
