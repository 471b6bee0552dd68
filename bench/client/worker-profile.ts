// Where a worker's time goes (the sync worker during P5's pull): Playwright opens DevTools sessions
// on pages only, so this attaches to the worker's target through a browser session and speaks to
// it through Target.sendMessageToTarget. Asked for with BENCH_CPU_PROFILE=DIR, like the page's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession } from 'playwright';
import { summarize, type CpuProfiler, type Profile } from './cpu-profile';

type TargetInfo = { targetId: string; type: string; url: string };
type Reply = { id?: number; result?: unknown; error?: { message: string } };

/** Starts profiling the first worker (dedicated or service) whose script URL contains `urlPart`; null without BENCH_CPU_PROFILE or such a worker. */
export async function startWorkerCpuProfile(browser: Browser, urlPart: string, type: 'worker' | 'service_worker' = 'worker'): Promise<CpuProfiler | null> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return null;
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
  const target = targetInfos.find((info) => info.type === type && info.url.includes(urlPart));
  if (!target) return null;
  const { sessionId } = (await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
  const send = workerSender(session, sessionId);
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 500 });
  await send('Profiler.start');
  return {
    stop: async (name) => {
      const { profile } = (await send('Profiler.stop')) as { profile: Profile };
      const file = join(dir, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      await session.detach();
      return [`CPU profile: ${file}`, ...summarize(profile)];
    },
  };
}

/** Sends a protocol command to the attached worker and resolves with its answer. */
function workerSender(session: CDPSession, sessionId: string): (method: string, params?: object) => Promise<unknown> {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as Reply;
    const pending = reply.id === undefined ? undefined : waiting.get(reply.id);
    if (!pending || reply.id === undefined) return;
    waiting.delete(reply.id);
    if (reply.error) pending.reject(new Error(reply.error.message));
    else pending.resolve(reply.result);
  });
  return (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId;
      nextId += 1;
      waiting.set(id, { resolve, reject });
      void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
}
