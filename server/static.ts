// Serves the built PWA beside /api/v1 from one origin (docs/architecture/server.md 'Reference
// server') with the cache rules the service worker's update flow needs (docs/product.md §4): sw.js,
// index.html and the manifest are always revalidated; Vite's hashed files under /assets never
// change, so they are immutable for a year.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHANNELS } from '../common/contract';
import { sendNotFound } from './http/errors';
import { inviteCodeOf, inviteMetaTags, type UnfurlDeps } from './invite-unfurl';

const NO_CACHE_FILES = ['sw.js', 'index.html', 'index.pt.html', 'index.es.html', 'manifest.webmanifest', 'registerSW.js'];
const YEAR_SECONDS = 365 * 24 * 60 * 60;
// A request for a missing file must be a 404, not index.html: the service worker treats a 200 for
// /sw.js as a new worker (docs/product.md §4), and a script tag must not receive HTML.
const FILE_EXTENSION = /\.(js|mjs|css|map|json|webmanifest|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|xml|wasm)$/i;

function cacheControlFor(filePath: string): string {
  // A precompressed copy (build/precompress-plugin.ts) has the rules of the file it stands for.
  const normalized = filePath.replaceAll('\\', '/').replace(/\.(br|gz)$/, '');
  if (NO_CACHE_FILES.some((name) => normalized.endsWith(`/${name}`))) return 'no-cache';
  if (normalized.includes('/assets/')) return `public, max-age=${YEAR_SECONDS}, immutable`;
  return 'public, max-age=0, must-revalidate';
}

function isSpaNavigation(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !FILE_EXTENSION.test(path);
}

/**
 * `unfurl`: with the database, an invite link's navigation (`/g/<code>`, any locale prefix) gets its
 * shell with the Open Graph and Twitter card tags of invite-unfurl.ts (issue #49 item 3), never kept
 * by a cache (no-store: the tags change when the link is rotated or the group deleted).
 */
export async function registerStatic(app: FastifyInstance, root: string, unfurl?: UnfurlDeps): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`No index.html in ${root}: build the app first`);
  await app.register(fastifyStatic, {
    root,
    // Issue #14 item 1: the build's .br/.gz copies (build/precompress-plugin.ts), chosen by
    // Accept-Encoding, with `Vary: Accept-Encoding`; a file without copies goes as it is.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => { reply.header('Cache-Control', cacheControlFor(filePath)); },
  });
  // SPA fallback: any other navigation gets the app shell, which routes on the client; in the
  // language the address's prefix names when the build wrote that shell (issue #12 first paint).
  const shells = new Map<string, string>(CHANNELS.filter((c) => c.prefix !== '' && existsSync(join(root, `index.${c.prefix}.html`))).map((c) => [c.prefix, `index.${c.prefix}.html`]));
  const shellTexts = new Map<string, string>();
  const shellText = (file: string) => {
    let text = shellTexts.get(file);
    if (text === undefined) shellTexts.set(file, (text = readFileSync(join(root, file), 'utf8')));
    return text;
  };
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSpaNavigation(request)) return sendNotFound(request, reply);
    const prefix = (request.url.split(/[/?#]/)[1] ?? '').toLowerCase();
    const file = shells.get(prefix) ?? 'index.html';
    if (unfurl !== undefined && inviteCodeOf(request.url) !== null) {
      const tags = await inviteMetaTags(unfurl, request.url, request.headers.cookie);
      const html = shellText(file);
      const at = html.indexOf('</head>');
      if (tags !== null && at >= 0) {
        const body = `${html.slice(0, at)}  ${tags}\n  ${html.slice(at)}`;
        return reply.header('Cache-Control', 'no-store').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(body);
      }
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);
  });
}
