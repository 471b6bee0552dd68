// Issue #11 item 5 'CSP from configuration': third-party script, frame and connect hosts appear
// only when their feature (the bot check of docs/product.md §5/§7, Firebase push of docs/product.md §3) is configured,
// on the server (RECAPTCHA_SECRET, FCM_*) or in the app's build (VITE_RECAPTCHA_SITE_KEY,
// VITE_FIREBASE_*). Checked both ways on the real server's headers.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { cspFeatures } from '../../server/http/security';
import type { FcmConfig } from '../../server/push/fcm-config';
import { recaptchaScriptUrl } from '../../src/platform/bot-check';
import { useApi, type Api } from './api';

const FAKE_FCM: FcmConfig = {
  projectId: 'demo', clientEmail: 'push@demo.test', privateKey: 'not-used-here', endpoint: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9/token',
};
const FIREBASE_WEB_ENV = {
  VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_PROJECT_ID: 'p', VITE_FIREBASE_MESSAGING_SENDER_ID: '1', VITE_FIREBASE_APP_ID: 'a', VITE_FIREBASE_VAPID_KEY: 'v',
};

/** The CSP header as directive name -> sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') directives.set(name, sources);
  }
  return directives;
}

/** CSP source matching for the host sources used here: same origin, and a path prefix when the source ends in '/'. */
function allows(sources: string[] | undefined, url: string): boolean {
  const target = new URL(url);
  return (sources ?? []).some((source) => {
    if (!source.startsWith('https://')) return false;
    const allowed = new URL(source);
    return allowed.origin === target.origin && (allowed.pathname === '/' || target.pathname.startsWith(allowed.pathname));
  });
}

async function cspOf(api: Api): Promise<Map<string, string[]>> {
  const r = await api.call('GET', 'no/such/route');
  return parseCsp(r.headers.get('content-security-policy'));
}

const THIRD_PARTY = /google|gstatic|recaptcha|firebase/i;

describe('CSP with no third-party feature configured', () => {
  const api = useApi({ seed: false });

  it('admits no Google, reCAPTCHA or Firebase host in any directive', async () => {
    const csp = await cspOf(api);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    for (const [name, sources] of csp) expect(sources.filter((s) => THIRD_PARTY.test(s)), name).toEqual([]);
  });
});

describe('CSP with the bot check and push configured on the server', () => {
  const api = useApi({
    seed: false,
    config: { recaptcha: { secret: 'bot-secret', verifyUrl: 'http://127.0.0.1:9/siteverify', minScore: 0.5, actions: ['login'] } },
    push: FAKE_FCM,
  });

  it("admits the reCAPTCHA script the client loads, its release script and its frame, and Firebase's API hosts", async () => {
    const csp = await cspOf(api);
    const script = csp.get('script-src');
    // The loader of src/platform/bot-check.ts, and the release script api.js pulls from gstatic.
    expect(allows(script, recaptchaScriptUrl('site-key'))).toBe(true);
    expect(allows(script, 'https://www.gstatic.com/recaptcha/releases/abc/recaptcha__en.js')).toBe(true);
    expect(allows(csp.get('frame-src'), 'https://www.recaptcha.net/recaptcha/api2/anchor?k=site-key')).toBe(true);
    expect(allows(csp.get('connect-src'), 'https://firebaseinstallations.googleapis.com/v1/projects/p/installations')).toBe(true);
    expect(allows(csp.get('connect-src'), 'https://fcmregistrations.googleapis.com/v1/projects/p/registrations')).toBe(true);
  });

  it('still admits no script from www.google.com, nor any other script from gstatic', async () => {
    const script = (await cspOf(api)).get('script-src');
    expect(allows(script, 'https://www.google.com/recaptcha/api.js')).toBe(false);
    expect(allows(script, 'https://www.google.com/complete/search?client=chrome&jsonp=alert')).toBe(false);
    expect(allows(script, 'https://www.gstatic.com/firebasejs/10.0.0/firebase-app.js')).toBe(false);
  });
});

describe('CSP features follow the configuration of either side', () => {
  it('is off when nothing is set, and on for the server secret, the build site key, FCM or the build Firebase config', () => {
    expect(cspFeatures(loadConfig({}))).toEqual({ botCheck: false, firebasePush: false });
    expect(cspFeatures(loadConfig({ RECAPTCHA_SECRET: 's' }))).toEqual({ botCheck: true, firebasePush: false });
    expect(cspFeatures(loadConfig({ VITE_RECAPTCHA_SITE_KEY: 'site' }))).toEqual({ botCheck: true, firebasePush: false });
    expect(cspFeatures(loadConfig({ VITE_RECAPTCHA_SITE_KEY: '  ' }))).toEqual({ botCheck: false, firebasePush: false });
    expect(cspFeatures(loadConfig(FIREBASE_WEB_ENV))).toEqual({ botCheck: false, firebasePush: true });
    // An incomplete Firebase web config leaves push hidden in the app (common/push-config.ts), so no hosts.
    expect(cspFeatures(loadConfig({ ...FIREBASE_WEB_ENV, VITE_FIREBASE_VAPID_KEY: '' }))).toEqual({ botCheck: false, firebasePush: false });
    const fcm = JSON.stringify({ project_id: 'p', client_email: 'e@p.test', private_key: 'k' });
    expect(cspFeatures(loadConfig({ FCM_SERVICE_ACCOUNT_JSON: fcm }))).toEqual({ botCheck: false, firebasePush: true });
  });
});
