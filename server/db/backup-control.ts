// How `npm run backup` reaches the server that holds DATA_DIR (issue #27 item 1;
// docs/decisions/0176-backups-of-the-embedded-database.md). The embedded database is open in one
// process only (data-dir-lock.ts), so the server writes the backup itself: at start it listens on a
// port of 127.0.0.1 chosen by the system and writes `${DATA_DIR}/control.json` (mode 0600: its pid,
// port and a random token). `POST /backup` with `Authorization: Bearer <token>` from a loopback
// address writes one; anything else is refused. Separate from the app's port, so TLS, HOST,
// proxies and the app's routes play no part.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { processAlive, type BackupResult } from './backup';

export const CONTROL_FILE = 'control.json';

type ControlInfo = { pid: number; port: number; token: string };

export type BackupControl = { close(): Promise<void> };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const MAX_BODY = 4096;

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) request.destroy(new Error('body too large'));
    });
    request.on('end', () => done(body));
    request.on('error', fail);
  });
}

/** The folder a request names (absolute; the server's cwd is not the caller's), or undefined for the default. */
function folderOf(body: string): string | undefined {
  if (body.trim() === '') return undefined;
  const value: unknown = JSON.parse(body);
  const folder = typeof value === 'object' && value !== null && 'folder' in value ? value.folder : undefined;
  if (folder === undefined || folder === null) return undefined;
  if (typeof folder !== 'string' || folder === '') throw new Error('folder must be a non-empty path');
  return resolve(folder);
}

/** Serves POST /backup for `backup` until close(); the control file goes with it. */
export async function startBackupControl(dataDir: string, backup: (folder: string | undefined) => Promise<BackupResult>): Promise<BackupControl> {
  const token = randomBytes(32).toString('base64url');
  const server = createServer((req, res) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return answer(res, 403, { error: 'loopback only' });
    if (!tokenMatches(req.headers.authorization, token)) return answer(res, 401, { error: 'wrong token' });
    if (req.method !== 'POST' || req.url !== '/backup') return answer(res, 404, { error: 'not found' });
    readBody(req)
      .then((body) => backup(folderOf(body)))
      .then((result) => answer(res, 200, result), (error: unknown) => answer(res, 500, { error: error instanceof Error ? error.message : String(error) }));
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('backup control: no port');
  const file = join(dataDir, CONTROL_FILE);
  const info: ControlInfo = { pid: process.pid, port: address.port, token };
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(info)}\n`, { mode: 0o600 });
  renameSync(partial, file);
  return {
    async close() {
      if (readControl(dataDir)?.token === token) unlinkSync(file);
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function readControl(dataDir: string): ControlInfo | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, CONTROL_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as Partial<ControlInfo>;
    return typeof value.pid === 'number' && typeof value.port === 'number' && typeof value.token === 'string' ? { pid: value.pid, port: value.port, token: value.token } : null;
  } catch {
    return null;
  }
}

/**
 * Asks the server running on `dataDir` to write a backup into `folder` (undefined: its
 * DATA_DIR/backups). Null when no server answers there (no control file, or a stale one).
 */
export function askRunningServer(dataDir: string, folder: string | undefined): Promise<BackupResult | null> {
  const info = readControl(dataDir);
  // A file left by a server killed with -9: its port may since be another program's.
  if (info === null || !processAlive(info.pid)) return Promise.resolve(null);
  const body = JSON.stringify(folder === undefined ? {} : { folder: resolve(folder) });
  return new Promise((done, fail) => {
    // node:http, not fetch: no response timeout (a large database takes a while). A connection of
    // its own (agent: false): the global agent keeps sockets alive, and the next ask, seconds later,
    // could be sent on one the control server was just closing for idleness (ECONNRESET, seen in CI).
    const req = request({ host: '127.0.0.1', port: info.port, method: 'POST', path: '/backup', agent: false, headers: { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => {
        try {
          const value = JSON.parse(text) as Partial<BackupResult> & { error?: string };
          if (res.statusCode === 200 && typeof value.file === 'string' && typeof value.bytes === 'number') done({ file: value.file, bytes: value.bytes });
          else fail(new Error(`the server (pid ${info.pid}) could not write the backup: ${value.error ?? `status ${String(res.statusCode)}`}`));
        } catch {
          fail(new Error(`the server (pid ${info.pid}) answered ${String(res.statusCode)} without a result`));
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? done(null) : fail(error)));
    req.end(body);
  });
}
