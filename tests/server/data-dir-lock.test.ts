// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// Issue #11 item 1 'One server per embedded database', acceptance: real `server/start.ts`
// processes on one DATA_DIR (embedded PGlite, whatever TEST_DATABASE_URL says). A second server
// exits non-zero at once, naming the first one's pid and the directory, and the first keeps its
// data; a lock left by a server killed with -9 does not block the next start. The lock module's
// own rules (pid reuse, other hosts, releasing) are in data-dir-lock-rules.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiPost, Envelope } from '../../common/contract';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { scopedFixture } from '../helpers/scoped-fixture';
import { DEMO } from './api';
import { callProcess, loginProcess, processPlace, READY, type ServerProcess } from './server-process';

const place = scopedFixture('The scratch DATA_DIR', () => processPlace('prayer-lock-'), (made) => made.tearDown());
const startServer = () => place().start();

async function readPost(server: ServerProcess, token: string, id: number): Promise<string> {
  const r = await callProcess<Envelope<{ post: ApiPost }>>(server, 'GET', `post/${id}`, undefined, token);
  expect(r.status).toBe(200);
  return r.json.data.post.text;
}

describe('one server per embedded database (DATA_DIR lock)', () => {
  let first: ServerProcess;
  let token: string;
  let postId: number;

  it('refuses a second server on a DATA_DIR in use, naming the pid and the directory; the first keeps its data', async () => {
    first = await startServer();
    await first.ready;
    token = await loginProcess(first, DEMO);
    const created = await callProcess<Envelope<{ post: ApiPost }>>(first, 'POST', 'post', { text: 'Written before the second start', type: 'REQUEST' }, token);
    expect(created.status).toBe(201);
    postId = created.json.data.post.id;

    const second = await startServer();
    const t0 = Date.now();
    expect(await second.exited).not.toBe(0);
    // At once: before opening the database (~2 s of the ~3 s a start takes here; generous for a loaded machine).
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(second.output()).toContain(`DATA_DIR ${resolve(place().dataDir)} is in use by the server with pid ${String(first.child.pid)}`);
    expect(second.output()).toContain('PostgreSQL');
    expect(second.output()).not.toContain(READY);

    expect(await readPost(first, token, postId)).toBe('Written before the second start');
    const after = await callProcess<Envelope<{ post: ApiPost }>>(first, 'POST', 'post', { text: 'Written after it', type: 'REQUEST' }, token);
    expect(after.status).toBe(201);
  }, 120_000);

  it('recovers the lock of a server killed with -9: the next start runs on the same data, and a clean stop releases it', async () => {
    const lockPath = join(place().dataDir, LOCK_FILE);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: first.child.pid });

    const next = await startServer();
    await next.ready;
    expect(next.output()).toContain(`taking over the lock of pid ${String(first.child.pid)}`);
    const again = await loginProcess(next, DEMO);
    expect(await readPost(next, again, postId)).toBe('Written before the second start');
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: next.child.pid });

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(lockPath), 'released on a clean stop').toBe(false);
  }, 120_000);

  // Issue #50 item 6: a supervisor restarts the server the moment it killed it, before the old
  // process is reaped (a zombie keeps its pid and start time), while members are writing.
  it('killed with -9 under write load and started again at once, ten times: every start succeeds and every acknowledged write is there', async () => {
    let server = await startServer();
    await server.ready;
    let auth = await loginProcess(server, DEMO);
    const acknowledged: { id: number; text: string }[] = [];
    for (let round = 0; round < 10; round += 1) {
      const current = server;
      let writing = true;
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let n = 0; writing; n += 1) {
          const text = `Round ${String(round)}, writer ${String(writer)}, prayer ${String(n)}`;
          try {
            const r = await callProcess<Envelope<{ post: ApiPost }>>(current, 'POST', 'post', { text, type: 'REQUEST' }, auth);
            if (r.status === 201) acknowledged.push({ id: r.json.data.post.id, text });
          } catch {
            return; // the connection died with the server: not acknowledged
          }
        }
      });
      // Killed mid-load: once this round's writes are being acknowledged.
      const before = acknowledged.length;
      await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(before + 2);
      current.child.kill('SIGKILL');
      server = await startServer(); // at once: the killed process is not awaited, nor reaped yet
      writing = false;
      await Promise.all(writers);
      await server.ready;
      auth = await loginProcess(server, DEMO);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    for (const { id, text } of acknowledged) expect(await readPost(server, auth, id)).toBe(text);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});
