// Resident memory of a process tree, read from /proc (Linux): the root and every descendant, each
// with its VmRSS (what `ps` calls RSS) and its PSS (shared pages split between the processes that
// map them, from smaps_rollup). Issue #27 item 5; bench/server-memory.ts prints these.
import { readdirSync, readFileSync } from 'node:fs';

export type ProcessMemory = { pid: number; ppid: number; name: string; rssMb: number; pssMb: number };

/** A file of /proc, or null when its process ended between the listing and the read. */
export function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The fields of a /proc stat line after the command name (which may hold spaces and parentheses): [0] is the state. */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Parent pid from /proc/PID/stat. */
function parentOf(pid: number): number | null {
  const stat = readProc(`/proc/${String(pid)}/stat`);
  return stat === null ? null : Number(statFields(stat)[1]);
}

function kbField(text: string | null, field: string): number {
  const match = text === null ? null : new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match === null ? 0 : Number(match[1]);
}

/** The command line, shortened: `node dist-server/start.js`, `npm start`... */
function nameOf(pid: number): string {
  const cmdline = readProc(`/proc/${String(pid)}/cmdline`) ?? '';
  const words = cmdline.split('\0').filter((w) => w !== '').map((w) => (w.startsWith('/') ? w.slice(w.lastIndexOf('/') + 1) : w));
  return words.join(' ').replace(/\s+/g, ' ').slice(0, 70);
}

/** `root` and its descendants, parents first. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const ppid = parentOf(pid);
    if (ppid === null) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export function memoryOf(root: number): ProcessMemory[] {
  const rows: ProcessMemory[] = [];
  for (const pid of processTree(root)) {
    const status = readProc(`/proc/${String(pid)}/status`);
    if (status === null) continue;
    const rollup = readProc(`/proc/${String(pid)}/smaps_rollup`);
    rows.push({
      pid, ppid: parentOf(pid) ?? 0, name: nameOf(pid),
      rssMb: kbField(status, 'VmRSS') / 1024,
      pssMb: kbField(rollup, 'Pss') / 1024,
    });
  }
  return rows;
}

export const sumRss = (rows: ProcessMemory[]) => rows.reduce((n, r) => n + r.rssMb, 0);
export const sumPss = (rows: ProcessMemory[]) => rows.reduce((n, r) => n + r.pssMb, 0);

/** Ends a process group started detached (npm and the server under it): SIGTERM, up to 10 s, then SIGKILL. */
export async function endProcessGroup(pid: number): Promise<void> {
  const groupAlive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (groupAlive()) process.kill(-pid, 'SIGTERM');
  for (let i = 0; i < 100 && groupAlive(); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive()) process.kill(-pid, 'SIGKILL');
}
