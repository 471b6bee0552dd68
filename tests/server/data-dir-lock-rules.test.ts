// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// The rules of the DATA_DIR lock (issue #11 item 1, server/db/data-dir-lock.ts; the choices are
// in docs/decisions/0139-pglite-is-single-process-the-data-dir-lock-is-a-pid-file.md,
// docs/decisions/0140-pglite-is-single-process-breaking-a-stale-lock.md,
// docs/decisions/0221-data-dir-a-zombie-owner-is-gone-a-dying-one-is-waited-for.md): a live owner
// refuses, a provably dead one (killed, reused pid, earlier boot, our own pid from an earlier
// process) is taken over, an owner that cannot be checked (another host, an unreadable file)
// refuses; release removes only our own lock; several processes racing for one stale lock leave
// exactly one holder, and a breaker that died while breaking does not block the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, currentOwner, DataDirInUseError, LOCK_FILE, startTicksOf, type LockOwner } from '../../server/db/data-dir-lock';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'prayer-lock-rules-')); });
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((done) => child.once('exit', done));
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not this one (plain node, sleeping), with its /proc start time. */
async function liveProcess(): Promise<{ pid: number; startTicks: string | null; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  await new Promise((done) => child.stdout?.once('data', done));
  if (child.pid === undefined) throw new Error('no pid');
  return { pid: child.pid, startTicks: startTicksOf(child.pid), child };
}

function writeLock(owner: Partial<LockOwner>): void {
  const me = currentOwner();
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ ...me, token: 'their-token', since: '2020-01-01T00:00:00.000Z', ...owner }));
}

function lockOnDisk(): LockOwner {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockOwner;
}

function refusal(): string {
  try {
    acquireDataDirLock(dir).release();
  } catch (error) {
    if (error instanceof DataDirInUseError) return error.message;
    throw error;
  }
  throw new Error('the lock was taken');
}

describe('DATA_DIR lock rules', () => {
  it('writes our identity, refuses a second open in this process, and is gone after release', () => {
    const lock = acquireDataDirLock(dir);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.owner.token });
    expect(refusal()).toContain('already open in this process');
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while the owner runs, naming its pid and the directory', async () => {
    const live = await liveProcess();
    writeLock({ pid: live.pid, startTicks: live.startTicks });
    expect(refusal()).toContain(`DATA_DIR ${resolve(dir)} is in use by the server with pid ${live.pid}`);
    expect(lockOnDisk().token).toBe('their-token');
  });

  it('takes over from an owner killed with -9', async () => {
    const live = await liveProcess();
    writeLock({ pid: live.pid, startTicks: live.startTicks });
    live.child.kill('SIGKILL');
    await new Promise((done) => live.child.once('exit', done));
    const lock = acquireDataDirLock(dir);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.owner.token });
    lock.release();
  });

  it('takes over from an owner killed and not yet reaped (a zombie keeps its pid and start time)', async () => {
    if (currentOwner().startTicks === null) return; // no /proc: no zombie to tell apart
    // A parent that never waits: its child exits at once and stays a zombie while the parent sleeps.
    const parent = spawn('perl', ['-e', '$| = 1; my $pid = fork(); if ($pid) { print "$pid\\n"; sleep 60 } else { exit 0 }'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const zombie = Number(await new Promise<string>((done) => parent.stdout?.once('data', (chunk: Buffer) => done(chunk.toString()))));
    await expect.poll(() => readFileSync(`/proc/${String(zombie)}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
    writeLock({ pid: zombie, startTicks: startTicksOf(zombie) });
    const lock = acquireDataDirLock(dir);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.owner.token });
    lock.release();
  });

  it('waits for an owner that ends a moment later (a restart right after a kill), then takes over', async () => {
    const child = spawn(process.execPath, ['-e', 'console.log("up"); setTimeout(() => {}, 800)'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    await new Promise((done) => child.stdout?.once('data', done));
    if (child.pid === undefined) throw new Error('no pid');
    writeLock({ pid: child.pid, startTicks: startTicksOf(child.pid) });
    // The owner ends while the start waits (acquire pauses synchronously; the exit is the kernel's).
    const lock = acquireDataDirLock(dir);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.owner.token });
    lock.release();
  });

  it('takes over when the pid now belongs to another process (another start time), or to this process (a container restart)', async () => {
    if (currentOwner().startTicks === null) return; // no /proc: covered by the kill(pid, 0) fallback only
    const live = await liveProcess();
    writeLock({ pid: live.pid, startTicks: '1' });
    acquireDataDirLock(dir).release();
    writeLock({ pid: process.pid, startTicks: '1' });
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock from an earlier boot, even if its pid runs now', async () => {
    const live = await liveProcess();
    writeLock({ pid: live.pid, startTicks: live.startTicks, bootId: 'an-earlier-boot' });
    if (currentOwner().bootId === null) expect(refusal()).toContain(`pid ${live.pid}`);
    else acquireDataDirLock(dir).release();
  });

  it('refuses an owner it cannot check (another host, another pid namespace) or cannot read', () => {
    writeLock({ host: 'other-host' });
    expect(refusal()).toMatch(/pid \d+ on other-host \(cannot be checked from here; if it is not running, delete /);
    writeLock({ pidNs: 'pid:[1]' });
    expect(refusal()).toContain('cannot be checked');
    writeFileSync(join(dir, LOCK_FILE), '');
    expect(refusal()).toContain('cannot be read');
  });

  it('a breaker killed while breaking a stale lock does not block the next start', async () => {
    const dead = await liveProcess();
    dead.child.kill('SIGKILL');
    await new Promise((done) => dead.child.once('exit', done));
    writeLock({ pid: dead.pid, startTicks: dead.startTicks });
    writeFileSync(join(dir, `${LOCK_FILE}.break`), JSON.stringify({ ...currentOwner(), pid: dead.pid, startTicks: dead.startTicks }));
    const lock = acquireDataDirLock(dir);
    expect(lockOnDisk()).toMatchObject({ pid: process.pid, token: lock.owner.token });
    expect(existsSync(join(dir, `${LOCK_FILE}.break`))).toBe(false);
    lock.release();
  });

  it('release leaves a lock that is no longer ours', () => {
    const lock = acquireDataDirLock(dir);
    writeLock({ token: 'someone-else' });
    lock.release();
    expect(lockOnDisk().token).toBe('someone-else');
  });

  it('of several processes racing for one stale lock, exactly one wins', async () => {
    const racers = 4;
    const live = await liveProcess();
    writeLock({ pid: live.pid, startTicks: live.startTicks });
    live.child.kill('SIGKILL');
    const outputs = Array.from({ length: racers }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/data-dir-lock-child.ts', dir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
      children.push(child);
      let text = '';
      const lines = (count: number) => new Promise<string[]>((done) => {
        const check = () => { const got = text.split('\n').filter((l) => l !== ''); if (got.length >= count) done(got); };
        child.stdout?.on('data', (chunk: Buffer) => { text += chunk.toString(); check(); });
        check();
      });
      return { child, lines };
    });
    await Promise.all(outputs.map((o) => o.lines(1)));
    for (const o of outputs) o.child.stdin?.write('go\n');
    const results = (await Promise.all(outputs.map((o) => o.lines(2)))).map((l) => l[1] ?? '');
    expect(results.filter((r) => r === 'won')).toHaveLength(1);
    expect(results.filter((r) => r.startsWith('refused: '))).toHaveLength(racers - 1);
    const winner = outputs[results.indexOf('won')]?.child;
    expect(lockOnDisk().pid).toBe(winner?.pid);
  }, 60_000);
});
