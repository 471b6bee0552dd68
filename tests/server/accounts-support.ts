// Helpers of the accounts tests: a local fake HTTP server (OAuth provider, bot-check verifier) on
// 127.0.0.1, and the .eml files the server writes under ${DATA_DIR}/mail when no SMTP is set.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { scopedObject } from '../helpers/scoped-fixture';
import { listenLocal } from './server-process';

export type FakeRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: string };
export type FakeReply = { status?: number; json: unknown };
export type FakeServer = { url: string; requests: FakeRequest[]; close(): Promise<void> };

/** Answers every request with handler(request); records the requests for assertions. */
export async function startFakeServer(handler: (request: FakeRequest) => FakeReply): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const reply = handler(request);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The file's fake server (startFakeServer), started before its tests and closed after them; read when used. */
export function useFakeServer(handler: (request: FakeRequest) => FakeReply): FakeServer {
  return scopedObject('The fake server', () => startFakeServer(handler), (fake) => fake.close());
}

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'prayer-accounts-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type Mail = { to: string; subject: string; text: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) => (enc.toUpperCase() === 'B'
    ? Buffer.from(text, 'base64').toString('utf8')
    : decodeQuotedPrintable(text.replace(/_/g, ' '))));
}

function parseEml(raw: string): Mail {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body)
    : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to: header('To'), subject: decodeHeader(header('Subject')), text };
}

/** Every mail written so far, oldest first. */
export function readMails(dataDir: string): Mail[] {
  const dir = join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => parseEml(readFileSync(join(dir, f), 'utf8')));
}

export function lastMailTo(dataDir: string, to: string): Mail {
  const mail = readMails(dataDir).filter((m) => m.to.includes(to)).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return mail ?? { to, subject: '', text: '' };
}

/** The path of the first app link in a mail that contains `marker`, e.g. '/password-reset/'. */
export function linkPath(mail: Mail, marker: string): string {
  const url = mail.text.split(/\s+/).find((word) => word.includes(marker));
  expect(url, `a link with ${marker}`).toBeDefined();
  return new URL(url ?? 'http://x/').pathname;
}
