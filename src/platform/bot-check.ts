// The bot check (docs/product.md §5, §7 'A bot-check client is set up with a site key, an alternate host
// and an auto-hidden badge'; §9 actions login, post, register, mail). reCAPTCHA v3 from
// www.recaptcha.net (reachable where www.google.com is not). Without VITE_RECAPTCHA_SITE_KEY the
// check is off: a token request resolves null and nothing is loaded. The token reaches the API
// through the sync worker (worker/api-client.ts), which asks for it at send time.
import { BOT_CHECK_ACTIONS, type BotCheckAction } from '../../common/constants';
import './bot-check.css';

const RECAPTCHA_HOST = 'https://www.recaptcha.net';

/**
 * Google's terms allow hiding the badge when this text is shown in the user flow. The UI
 * translates `text` and links the two documents (shown only when `isBotCheckEnabled()`).
 */
export const RECAPTCHA_ATTRIBUTION = {
  text: 'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
  privacyUrl: 'https://policies.google.com/privacy',
  termsUrl: 'https://policies.google.com/terms',
} as const;

/** The part of window.grecaptcha that v3 uses. */
export type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

type BotCheck = {
  readonly enabled: boolean;
  /** Loads the script ahead of time (better scores when it sees the page before the submit). */
  preload(): Promise<void>;
  /** A fresh single-use token; null when the check is off. Rejects when on but unavailable. */
  getToken(action: BotCheckAction): Promise<string | null>;
};

type BotCheckEnv = {
  siteKey: string | null;
  /** Appends the script; resolves once it has loaded. */
  loadScript(src: string): Promise<void>;
  grecaptcha(): Grecaptcha | undefined;
};

export const NO_BOT_CHECK: BotCheck = {
  enabled: false,
  preload: () => Promise.resolve(),
  getToken: () => Promise.resolve(null),
};

export function recaptchaScriptUrl(siteKey: string): string {
  return `${RECAPTCHA_HOST}/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

export function createBotCheck(env: BotCheckEnv): BotCheck {
  const siteKey = env.siteKey;
  if (!siteKey) return NO_BOT_CHECK;
  let loading: Promise<Grecaptcha> | null = null;

  const load = (): Promise<Grecaptcha> => {
    loading ??= env
      .loadScript(recaptchaScriptUrl(siteKey))
      .then(() => {
        const api = env.grecaptcha();
        if (!api) throw new Error('reCAPTCHA did not initialise');
        return new Promise<Grecaptcha>((resolve) => api.ready(() => resolve(api)));
      })
      .catch((err: unknown) => {
        // Offline or blocked: a later call tries again (the outbox keeps the entry meanwhile).
        loading = null;
        throw err;
      });
    return loading;
  };

  return {
    enabled: true,
    preload: async () => void (await load()),
    async getToken(action) {
      if (!BOT_CHECK_ACTIONS.includes(action)) throw new Error(`Unknown bot-check action: ${String(action)}`);
      const api = await load();
      return api.execute(siteKey, { action });
    },
  };
}

function appendScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error('The bot-check script could not be loaded'));
    };
    document.head.append(script);
  });
}

function windowGrecaptcha(): Grecaptcha | undefined {
  const value: unknown = Reflect.get(window, 'grecaptcha');
  if (typeof value !== 'object' || value === null || !('ready' in value) || !('execute' in value)) return undefined;
  const { ready, execute } = value;
  if (typeof ready !== 'function' || typeof execute !== 'function') return undefined;
  return {
    ready: (callback) => void Reflect.apply(ready, value, [callback]),
    async execute(key, options) {
      const token: unknown = await Reflect.apply(execute, value, [key, options]);
      if (typeof token !== 'string') throw new Error('reCAPTCHA returned no token');
      return token;
    },
  };
}

function siteKeyFromEnv(): string | null {
  const value: unknown = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

let shared: BotCheck | null = null;

function botCheck(): BotCheck {
  if (typeof document === 'undefined') return NO_BOT_CHECK;
  shared ??= createBotCheck({ siteKey: siteKeyFromEnv(), loadScript: appendScript, grecaptcha: windowGrecaptcha });
  return shared;
}

/**
 * For the sync worker's drain (worker/api-client.ts asks through the page hook): tokens are
 * minted only while this tab is visible, where reCAPTCHA can judge a real user. A hidden tab
 * rejects, so the queued entry is held until a visible tab drains it
 * (docs/decisions/0018-bot-check-and-offline-posting.md).
 */
export function botTokenForSync(check: BotCheck, action: BotCheckAction, isVisible: () => boolean): Promise<string | null> {
  if (check.enabled && !isVisible()) return Promise.reject(new Error('waiting for a visible tab'));
  return check.getToken(action);
}

/** The page hook given to the sync worker (src/sync/client.ts). */
export function getBotTokenForSync(action: BotCheckAction): Promise<string | null> {
  return botTokenForSync(botCheck(), action, tabIsVisible);
}

function tabIsVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

type BotCheckNoticeLinks = { privacyUrl: string; termsUrl: string };

/**
 * docs/product.md §5 attribution: the links of the notice under a protected form when the check is on
 * (a site key is configured); null when it is off, and the notice is not rendered.
 */
export function botCheckNoticeLinks(check: Pick<BotCheck, 'enabled'>): BotCheckNoticeLinks | null {
  return check.enabled ? { privacyUrl: RECAPTCHA_ATTRIBUTION.privacyUrl, termsUrl: RECAPTCHA_ATTRIBUTION.termsUrl } : null;
}

/** The notice's links for this build (VITE_RECAPTCHA_SITE_KEY), or null. */
export function currentBotCheckNoticeLinks(): BotCheckNoticeLinks | null {
  return botCheckNoticeLinks(botCheck());
}

/** Whether the UI must show RECAPTCHA_ATTRIBUTION. */
export function isBotCheckEnabled(): boolean {
  return botCheck().enabled;
}

/** Call when a protected form mounts (login, register, composer, forgot password). */
export function preloadBotCheck(): void {
  botCheck().preload().catch(() => undefined);
}
