// Where a phase's CPU goes, by kind of process (Linux: /proc), for the benches that ask what limits
// them on a 2-core machine shared by the server, the browser and IndexedDB (bench P5: the app's
// pull against the raw baseline). Each process's user+system ticks are read at the phase's start
// and end; a process that started during the phase counts from zero. Elsewhere (no /proc): null.
import { existsSync, readdirSync } from 'node:fs';
import { readProc, statFields } from '../memory/proc';

/** Kind of process -> ticks, and when they were read. */
type Snapshot = { at: number; ticks: Map<string, number> };
export type CpuUse = { wallMs: number; byKind: [string, number][]; totalSeconds: number };

const TICKS_PER_SECOND = 100;
const RENDERER = 'renderer';

/** What a process is, from its command line: a Chromium process by its type, the server, the bench. */
function kindOf(cmdline: string): string {
  if (/chrom/.test(cmdline)) {
    const type = /--type=(\S+)/.exec(cmdline)?.[1];
    if (type === undefined) return 'browser process';
    if (type === 'utility') return /storage/i.test(cmdline) ? 'storage (IndexedDB)' : /network/i.test(cmdline) ? 'network' : 'utility';
    return type === 'renderer' ? RENDERER : type;
  }
  if (/server\/start\.ts|dist-server\/start\.js/.test(cmdline)) return 'API server';
  if (/node|tsx/.test(cmdline)) return 'node (bench, proxy)';
  return 'other';
}

/** The user+system ticks of a /proc stat file; 0 when it is gone. */
function usedTicks(path: string): number {
  const stat = readProc(path);
  if (stat === null) return 0;
  const fields = statFields(stat);
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * A renderer's threads by name (the page's main thread, the sync worker's, the compositor...):
 * what the page and its workers do runs in one process. The main thread is named after the binary.
 */
function threadTicks(pid: string): [string, { name: string; used: number }][] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const comm = (readProc(`/proc/${pid}/task/${tid}/comm`) ?? '').trim();
    const name = tid === pid ? 'main thread' : comm.replace(/[\d/:]+$/, '').trim();
    return [tid, { name, used: usedTicks(`/proc/${pid}/task/${tid}/stat`) }];
  });
}

function read(): Snapshot | null {
  if (!existsSync('/proc/self/stat')) return null;
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const used = usedTicks(`/proc/${pid}/stat`);
    const cmdline = readProc(`/proc/${pid}/cmdline`);
    if (used === 0 || cmdline === null) continue;
    const kind = kindOf(cmdline.replaceAll('\0', ' '));
    try {
      if (kind === RENDERER) for (const [tid, thread] of threadTicks(pid)) ticks.set(`${tid} ${kind}: ${thread.name}`, thread.used);
      else ticks.set(`${pid} ${kind}`, used);
    } catch {
      // The renderer ended while its threads were listed.
    }
  }
  return { at: performance.now(), ticks };
}

/** Starts measuring; `stop()` says the CPU each kind of process used since, or null without /proc. */
export function measureCpu(): { stop(): CpuUse | null } {
  const start = read();
  return {
    stop() {
      const end = read();
      if (start === null || end === null) return null;
      const byKind = new Map<string, number>();
      for (const [key, used] of end.ticks) {
        const kind = key.slice(key.indexOf(' ') + 1);
        byKind.set(kind, (byKind.get(kind) ?? 0) + (used - (start.ticks.get(key) ?? 0)) / TICKS_PER_SECOND);
      }
      const sorted = [...byKind].filter(([, seconds]) => seconds > 0).sort((a, b) => b[1] - a[1]);
      return { wallMs: end.at - start.at, byKind: sorted, totalSeconds: sorted.reduce((sum, [, seconds]) => sum + seconds, 0) };
    },
  };
}

/** "4.1 CPU-s in 2.3 s (1.8 cores): renderer 1.9, API server 1.2, ..." */
export function describeCpu(use: CpuUse): string {
  const parts = use.byKind.slice(0, 8).map(([kind, seconds]) => `${kind} ${seconds.toFixed(2)}`);
  return `${use.totalSeconds.toFixed(2)} CPU-s in ${(use.wallMs / 1000).toFixed(2)} s (${(use.totalSeconds / (use.wallMs / 1000)).toFixed(2)} cores): ${parts.join(', ')}`;
}
