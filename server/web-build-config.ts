// What the served app was built with (the VITE_* variables of README 'App (read at build time)'),
// as far as the server must know it: the CSP admits a third-party host only for a feature that is
// configured (issue #11 item 5, server/http/security.ts). `npm start` builds the app with the same
// environment it runs in; a server serving an app built elsewhere must be given the same VITE_*.
import { pushConfigFrom } from '../common/push-config';

export type WebBuildConfig = {
  /** VITE_RECAPTCHA_SITE_KEY is set: the page loads reCAPTCHA (src/platform/bot-check.ts). */
  botCheck: boolean;
  /** The VITE_FIREBASE_* messaging fields are set: the page and the service worker use Firebase. */
  firebasePush: boolean;
};

export function loadWebBuildConfig(env: NodeJS.ProcessEnv): WebBuildConfig {
  const siteKey = env.VITE_RECAPTCHA_SITE_KEY;
  return {
    botCheck: siteKey !== undefined && siteKey.trim() !== '',
    firebasePush: pushConfigFrom(env) !== null,
  };
}
