// Security headers (@fastify/helmet) with a CSP that lets the built SPA run: its own scripts, the
// sync worker and the service worker from 'self'. Third-party hosts appear only for a feature
// that is configured (issue #11 item 5): the bot check of docs/product.md §5/§7 (reCAPTCHA v3, loaded from
// www.recaptcha.net by src/platform/bot-check.ts) and Firebase push (src/platform/firebase-push.ts,
// sw/push.ts). www.google.com never appears in script-src: it hosts known CSP-bypass gadgets, and
// the client loads reCAPTCHA from www.recaptcha.net. Sources are path-restricted to /recaptcha/.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/** Which third-party features the page may use; both false admits no third-party host at all. */
type CspFeatures = { botCheck: boolean; firebasePush: boolean };

const RECAPTCHA_SCRIPT_SOURCES = ['https://www.recaptcha.net/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
/** The reCAPTCHA v3 anchor frame (www.google.com only as a frame: it runs nothing in this origin). */
const RECAPTCHA_FRAME_SOURCES = ['https://www.recaptcha.net/recaptcha/', 'https://www.google.com/recaptcha/'];
const RECAPTCHA_CONNECT_SOURCES = ['https://www.recaptcha.net/recaptcha/'];
/** What the Firebase messaging SDK calls from the page and the service worker (no scripts, no frames). */
const FIREBASE_CONNECT_SOURCES = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

/**
 * The bot check is configured when the server verifies tokens (RECAPTCHA_SECRET) or the app was
 * built with a site key (VITE_RECAPTCHA_SITE_KEY); Firebase when the server sends through FCM or
 * the app was built with VITE_FIREBASE_* (config.ts, webBuild). Either side suffices: a page that
 * loads reCAPTCHA must not be blocked by the server that serves it.
 */
export function cspFeatures(config: Pick<AppConfig, 'recaptcha' | 'push' | 'webBuild'>): CspFeatures {
  return {
    botCheck: config.recaptcha.secret !== undefined || config.webBuild.botCheck,
    firebasePush: config.push !== null || config.webBuild.firebasePush,
  };
}

function cspDirectives(features: CspFeatures): Record<string, string[]> {
  const bot = features.botCheck;
  const push = features.firebasePush;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(bot ? RECAPTCHA_SCRIPT_SOURCES : [])],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...(bot ? RECAPTCHA_CONNECT_SOURCES : []), ...(push ? FIREBASE_CONNECT_SOURCES : [])],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    // Component libraries set inline style attributes; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    frameSrc: bot ? RECAPTCHA_FRAME_SOURCES : ["'none'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // No upgrade-insecure-requests: `npm start` is often reached over plain http on a LAN address.
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, features: CspFeatures): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(features) },
    // Cross-origin isolation would block the Google bot-check frame and push endpoints.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
