// Security headers (@fastify/helmet) with a CSP that lets the built SPA run: its own scripts, the
// sync worker and the service worker from 'self', plus the hosts the product uses by SPEC §7
// (Google's bot check, Firebase push). Kept deliberately simple.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE_SCRIPT_HOSTS = ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'];

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...GOOGLE_SCRIPT_HOSTS],
        workerSrc: ["'self'", 'blob:'],
        // Push registration and the bot check talk to Google APIs; the API itself is same origin.
        connectSrc: ["'self'", 'https://*.googleapis.com', 'https://www.google.com', 'https://www.recaptcha.net'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Component libraries set inline style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://www.google.com', 'https://recaptcha.google.com', 'https://www.recaptcha.net'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: `npm start` is often reached over plain http on a LAN address.
      },
    },
    // Cross-origin isolation would block the Google bot-check frame and push endpoints.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
