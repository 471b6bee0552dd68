// One server per embedded database (issue #11 item 1): two processes on one PGlite directory
// each keep their own copy of the database in memory and overwrite each other's files, losing
// acknowledged writes. Before PGlite opens DATA_DIR, the process takes `${DATA_DIR}/pglite.lock`:
// a file naming its owner, linked into place atomically (complete content or nothing, fails if it
// exists). A lock whose owner is provably gone (killed with -9, a zombie its parent has not reaped
// yet, a crash, a reboot, a container restart that reuses the pid) is broken and taken; a live
// owner is given DYING_OWNER_MS to end (a restart a moment after a kill); anything else is refused
// with a message that names the owner and the directory. Choices and the remaining risks:
// docs/decisions/0139-pglite-is-single-process-the-data-dir-lock-is-a-pid-file.md,
// docs/decisions/0140-pglite-is-single-process-breaking-a-stale-lock.md,
// docs/decisions/0221-data-dir-a-zombie-owner-is-gone-a-dying-one-is-waited-for.md (issue #11).
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, readlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'pglite.lock';

/** Who holds the lock. bootId, pidNs and startTicks are null where /proc is not available. */
export type LockOwner = {
  pid: number;
  host: string;
  /** /proc/sys/kernel/random/boot_id: after a reboot no earlier process can be alive. */
  bootId: string | null;
  /** The pid namespace: pids of another namespace (another container) cannot be checked. */
  pidNs: string | null;
  /** Field 22 of /proc/<pid>/stat: a reused pid has another start time. */
  startTicks: string | null;
  token: string;
  since: string;
};

export class DataDirInUseError extends Error {}

export type DataDirLock = { path: string; owner: LockOwner; release(): void };

/** Lock files held by this process (a second createDb on the same directory is refused too). */
const held = new Set<string>();

function readOptional(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** starttime of /proc/<pid>/stat: the fields after the ')' that closes the command name start at field 3. */
export function startTicksOf(pid: number | 'self'): string | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/** Field 3 of /proc/<pid>/stat: Z (zombie) or X (dead) once the process has ended, reaped or not. */
function hasEnded(pid: number): boolean {
  const stat = readOptional(`/proc/${pid}/stat`);
  const state = stat?.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

export function currentOwner(): LockOwner {
  return {
    pid: process.pid, host: hostname(), bootId: readOptional('/proc/sys/kernel/random/boot_id'), pidNs: pidNamespace(),
    startTicks: startTicksOf('self'), token: randomUUID(), since: new Date().toISOString(),
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { pid, host, bootId, pidNs, startTicks, token, since } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || typeof host !== 'string' || typeof token !== 'string') return null;
    const textOrNull = (field: unknown) => (typeof field === 'string' ? field : null);
    return { pid, host, bootId: textOrNull(bootId), pidNs: textOrNull(pidNs), startTicks: textOrNull(startTicks), token, since: textOrNull(since) ?? 'an unknown time' };
  } catch {
    return null;
  }
}

type Liveness = 'alive' | 'dead' | 'unknown';

/** Whether the owner can still be running. 'unknown' (another host or pid namespace) counts as alive. */
function ownerLiveness(owner: LockOwner, me: LockOwner = currentOwner()): Liveness {
  if (owner.host !== me.host) return 'unknown';
  if (owner.bootId !== null && me.bootId !== null && owner.bootId !== me.bootId) return 'dead';
  if (owner.pidNs !== me.pidNs) return 'unknown';
  if (owner.startTicks !== null && me.startTicks !== null) {
    // Same boot, same namespace: the pid is that process only if it started at the same tick, and
    // a zombie (killed, not yet reaped by its parent: it keeps its pid and start time) holds no
    // file and writes nothing any more.
    return startTicksOf(owner.pid) === owner.startTicks && !hasEnded(owner.pid) ? 'alive' : 'dead';
  }
  if (owner.pid === me.pid) return 'dead'; // not in `held`: an earlier process with our pid
  try {
    process.kill(owner.pid, 0);
    return 'alive';
  } catch (error) {
    return codeOf(error) === 'EPERM' ? 'alive' : 'dead';
  }
}

function inUse(dir: string, path: string, owner: LockOwner | null, liveness: Liveness): DataDirInUseError {
  const advice = 'One embedded database serves one API process: stop that server, or run several API processes on PostgreSQL (DATABASE_URL).';
  if (owner === null) return new DataDirInUseError(`DATA_DIR ${dir} is locked by ${path}, which cannot be read. ${advice} If no server is running on it, delete that file.`);
  const where = liveness === 'unknown' ? ` on ${owner.host} (cannot be checked from here; if it is not running, delete ${path})` : '';
  return new DataDirInUseError(`DATA_DIR ${dir} is in use by the server with pid ${owner.pid}${where}, running since ${owner.since}. ${advice}`);
}

/**
 * Breaks a stale lock. One process at a time breaks it: the one that creates `${path}.break`
 * (exclusive create). It removes the lock only while it still is the one judged stale; nothing
 * else can replace it meanwhile (a take fails while the file exists, and its owner is dead). The
 * rename-aside-and-put-back used before left a moment with no lock file, in which a third racer
 * could take the lock while the put-back then failed: two holders (tests/server/data-dir-lock-
 * rules.test.ts caught it once in CI). False when another process is breaking it now.
 */
function breakStale(path: string, stale: LockOwner, me: LockOwner): boolean {
  const breaker = `${path}.break`;
  try {
    writeFileSync(breaker, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    clearDeadBreaker(breaker, me);
    return false;
  }
  try {
    if (parseOwner(readOptional(path) ?? '')?.token === stale.token) unlinkIfThere(path);
  } finally {
    unlinkIfThere(breaker);
  }
  return true;
}

/** How long a start keeps trying while other processes race for the same stale lock. */
const RACE_MS = 2_000;
/**
 * How long a start waits for a live owner to end before refusing: a supervisor restarts a server
 * a moment after killing it, while the old process may still be exiting (issue #50 item 6).
 */
export const DYING_OWNER_MS = 3_000;

/** A synchronous pause (the lock is taken before anything else of the server runs). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * A breaker killed while breaking (a window of two file operations) would block every later
 * start: its file is removed once its owner is provably gone. An unreadable one (being written
 * right now) is left alone.
 */
function clearDeadBreaker(breaker: string, me: LockOwner): void {
  const owner = parseOwner(readOptional(breaker) ?? '');
  if (owner !== null && ownerLiveness(owner, me) === 'dead') unlinkIfThere(breaker);
}

function unlinkIfThere(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
  }
}

/** Takes the lock of `dataDir` or throws DataDirInUseError. Released by release() or at process exit. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  if (held.has(path)) throw new DataDirInUseError(`DATA_DIR ${dir} is already open in this process (pid ${process.pid})`);
  const owner = currentOwner();
  const partial = `${path}.${process.pid}.${owner.token}.partial`;
  writeFileSync(partial, `${JSON.stringify(owner)}\n`, { mode: 0o644 });
  try {
    const patience = Date.now() + DYING_OWNER_MS;
    for (const deadline = patience + RACE_MS; Date.now() < deadline; ) {
      try {
        linkSync(partial, path);
        return holding(path, owner);
      } catch (error) {
        if (codeOf(error) !== 'EEXIST') throw error;
      }
      const text = readOptional(path);
      if (text === null) continue; // released or broken meanwhile: try again
      const current = parseOwner(text);
      const liveness = current === null ? 'unknown' : ownerLiveness(current, owner);
      if (liveness === 'alive' && Date.now() < patience) {
        pause(50);
        continue;
      }
      if (current === null || liveness !== 'dead') throw inUse(dir, path, current, liveness);
      if (breakStale(path, current, owner)) console.warn(`DATA_DIR ${dir}: taking over the lock of pid ${current.pid}, which is no longer running.`);
      // Another process is breaking it, and takes it right after: look again in a moment.
      else pause(2);
    }
    throw new DataDirInUseError(`DATA_DIR ${dir}: could not take ${path} (other processes keep racing for it)`);
  } finally {
    unlinkSync(partial);
  }
}

function holding(path: string, owner: LockOwner): DataDirLock {
  held.add(path);
  const release = () => {
    if (!held.delete(path)) return;
    process.off('exit', release);
    // Only our own lock: never remove one that another process has since taken.
    if (parseOwner(readOptional(path) ?? '')?.token === owner.token) unlinkSync(path);
  };
  // process.exit() and uncaught errors end here; kill -9 leaves the file, which the next start breaks.
  process.on('exit', release);
  return { path, owner, release };
}
