// Where a scenario's main-thread time goes: a CPU profile of the page through the DevTools protocol,
// written to a .cpuprofile file (open it in Chromium's DevTools) and summarized as the functions
// with the most self time. Asked for with BENCH_CPU_PROFILE=DIR (bench/client/README.md).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
export type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[]; startTime: number; endTime: number };

export type CpuProfiler = { stop: (name: string) => Promise<string[]> };

/** Starts profiling the page when BENCH_CPU_PROFILE names a directory; null otherwise. */
export async function startCpuProfile(page: Page): Promise<CpuProfiler | null> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return null;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  return {
    stop: async (name) => {
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
      const file = join(dir, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      await session.detach();
      return [`CPU profile: ${file}`, ...summarize(profile)];
    },
  };
}

/** The 15 functions with the most self time, with the share of the profile each takes. */
export function summarize(profile: Profile): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const node = byNode.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    const key = `${functionName || '(anonymous)'} ${file}:${String(lineNumber + 1)}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  const total = (profile.endTime - profile.startTime) / 1000;
  return [...selfMs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([key, ms]) => `  ${ms.toFixed(0).padStart(7)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`);
}
