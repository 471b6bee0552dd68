// The measurements of the scale bench: each route at 1 connection on both databases and at 20 on
// the full one, interleaved route by route (a load change on this shared machine then weighs on
// both sizes alike); the idle poll's server CPU; the verdicts against issue #50's goals.
import { randomBytes } from 'node:crypto';
import { API_PREFIX } from '../../server/app';
import { formatTable } from '../report';
import { runLoad, type LoadRequest, type LoadResult } from './load';
import type { Prepared, Target } from './targets';

export const GOAL = { ratio: 1.5, p99: 150, pushP50: 50, pollCpuMs: 1, pollsPerSecond: 2_000 } as const;
export const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 2);

export type Side = { base: string; prepared: Prepared };
export type Row = { target: Target; small: LoadResult; full: LoadResult; loaded?: LoadResult };

function request(side: Side, target: Target, connections: number, seconds: number, warmup: number): LoadRequest {
  const push = target.push === undefined ? undefined : { ...target.push, keyPrefix: `scale-${randomBytes(6).toString('hex')}` };
  return {
    url: `${side.base}${API_PREFIX}/${target.path}`, token: side.prepared.tokens[target.member],
    connections, seconds, warmup, ...(push === undefined ? {} : { push }),
  };
}

function twin(side: Side, target: Target): Target {
  const found = side.prepared.targets.find((t) => t.key === target.key);
  if (found === undefined) throw new Error(`no ${target.key} in the small database`);
  return found;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

export async function measureRoutes(small: Side, full: Side, log: (line: string) => void, wanted: (key: string) => boolean): Promise<Row[]> {
  const rows: Row[] = [];
  const targets = full.prepared.targets.filter((t) => wanted(t.key));
  // The pushes last: their prayers are changes, and the returning polls measured before must have nothing new.
  const ordered = [...targets.filter((t) => t.push === undefined), ...targets.filter((t) => t.push !== undefined)];
  for (const target of ordered) {
    const smallResult = await runLoad(request(small, twin(small, target), 1, SECONDS, 0.3));
    const fullResult = await runLoad(request(full, target, 1, SECONDS, 0.3));
    // A push's goal is its p50 at one connection; 20 pushes at once on the same posts only queue on their row locks.
    const loaded = target.push === undefined ? await runLoad(request(full, target, CONNECTIONS, SECONDS * 1.5, 1)) : undefined;
    const row: Row = { target, small: smallResult, full: fullResult, ...(loaded === undefined ? {} : { loaded }) };
    rows.push(row);
    const errors = [smallResult, fullResult, loaded].flatMap((r) => (r?.firstError === undefined ? [] : [r.firstError]));
    log(`  ${target.key}: ${ms(smallResult.p50)} / ${ms(fullResult.p50)} ms p50, p99 @${CONNECTIONS} ${ms(loaded?.p99 ?? Number.NaN)} ms`
      + `${errors.length > 0 ? ` ERRORS: ${errors.join(' | ')}` : ''}`);
  }
  return rows;
}

export function verdict(row: Row): { goal: string; ok: boolean; ratio: number } {
  const ratio = row.full.p50 / row.small.p50;
  const errors = row.small.errors + row.full.errors + (row.loaded?.errors ?? 0);
  if (row.target.push !== undefined) return { goal: `p50 <= ${GOAL.pushP50} ms`, ok: errors === 0 && row.full.p50 <= GOAL.pushP50, ratio };
  const ok = errors === 0 && ratio <= GOAL.ratio && (row.loaded?.p99 ?? Number.POSITIVE_INFINITY) <= GOAL.p99;
  return { goal: `ratio <= ${GOAL.ratio}, p99 <= ${GOAL.p99} ms`, ok, ratio };
}

export function routeTable(rows: Row[]): string {
  return formatTable(
    ['route', 'shape', 'member', 'p50 @1 small', 'p50 @1 full', 'ratio', `p99 @${CONNECTIONS} full`, `req/s @${CONNECTIONS} full`, 'goal', 'ok/FAIL'],
    rows.map((row) => {
      const v = verdict(row);
      const errors = row.small.errors + row.full.errors + (row.loaded?.errors ?? 0);
      return [
        row.target.route, row.target.shape, row.target.member, `${ms(row.small.p50)} ms`, `${ms(row.full.p50)} ms`, v.ratio.toFixed(2),
        row.loaded === undefined ? '-' : `${ms(row.loaded.p99)} ms`, row.loaded === undefined ? '-' : row.loaded.perSecond.toFixed(0),
        v.goal, `${v.ok ? 'ok' : 'FAIL'}${errors > 0 ? ` (${errors} errors)` : ''}`,
      ];
    }),
  );
}

export type PollCpu = { connections: number; polls: number; cpuMs: number; perSecond: number; p50: number };

/** Server CPU per returning poll with nothing new (process.cpuUsage of this process: the load is another process). */
export async function measurePollCpu(side: Side, member: 'typical' | 'busy'): Promise<PollCpu[]> {
  const results: PollCpu[] = [];
  for (const connections of [1, CONNECTIONS]) {
    const load: LoadRequest = { url: `${side.base}${API_PREFIX}/${side.prepared.returningPoll[member]}`, token: side.prepared.tokens[member], connections, seconds: 1, warmup: 0 };
    await runLoad(load);
    const before = process.cpuUsage();
    const result = await runLoad({ ...load, seconds: SECONDS * 2.5 });
    const used = process.cpuUsage(before);
    const polls = result.count + result.errors;
    results.push({ connections, polls, cpuMs: (used.user + used.system) / 1000 / polls, perSecond: result.perSecond, p50: result.p50 });
  }
  return results;
}

export function pollTable(results: PollCpu[]): string {
  return formatTable(
    ['idle poll (GET sync/pull, returning, nothing new)', 'polls', 'server CPU / poll', 'polls/s (one process)', 'p50', 'goal', 'ok/FAIL'],
    results.map((r) => {
      const ok = r.cpuMs <= GOAL.pollCpuMs && (r.connections === 1 || r.perSecond >= GOAL.pollsPerSecond);
      const goal = r.connections === 1 ? `<= ${GOAL.pollCpuMs} ms CPU` : `<= ${GOAL.pollCpuMs} ms CPU, >= ${GOAL.pollsPerSecond} polls/s`;
      return [`${r.connections} connection${r.connections === 1 ? '' : 's'}`, String(r.polls), `${r.cpuMs.toFixed(2)} ms`, r.perSecond.toFixed(0), `${ms(r.p50)} ms`, goal, ok ? 'ok' : 'FAIL'];
    }),
  );
}
