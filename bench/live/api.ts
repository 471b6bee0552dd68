// What the live benches (bench/live-load.ts, bench/live-two.ts) ask of the API besides the stream:
// sign-ins, the one pull, a post, a pray; the CPU a process tree used (/proc); latency summaries.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AuthResponse, Envelope, GuestAuthResponse, PostPage, PostResponse } from '../../common/contract';
import type { SyncPull } from '../../common/sync-contract';
import { processTree, readProc, statFields } from '../memory/proc';
import { percentile } from '../report';

export const DEMO_PASSWORD = 'pray-with-us';

/** Setup calls go over their own keep-alive pool (not the streams' sockets, not the polls'). */
const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });

export type Answer = { status: number; body: string; ms: number };

/** One request to the API on 127.0.0.1 with a hard timeout; resolves with the status whatever it is. */
export function request(origin: string, method: string, path: string, options: { token?: string; body?: unknown; agent?: http.Agent; timeoutMs?: number; localAddress?: string } = {}): Promise<Answer> {
  const url = new URL(`/api/v1/${path}`, origin);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { 'x-channel-id': '1', 'x-lang': 'en-US' };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: options.agent ?? setupAgent,
      ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
    }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error(`${method} ${path}: no answer within ${String(options.timeoutMs ?? 15_000)} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function json<T>(origin: string, method: string, path: string, options: Parameters<typeof request>[3] = {}): Promise<T> {
  const answer = await request(origin, method, path, options);
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${path}: ${String(answer.status)} ${answer.body.slice(0, 200)}`);
  return (JSON.parse(answer.body) as Envelope<T>).data;
}

export async function guestToken(origin: string, channelId = 1): Promise<string> {
  const data = await json<GuestAuthResponse>(origin, 'POST', 'guest/login', { body: { channel_id: channelId, language: 'en-US' } });
  return data.authorization.token;
}

export async function memberToken(origin: string, email: string): Promise<string> {
  const data = await json<AuthResponse>(origin, 'POST', 'auth/login', { body: { email, password: DEMO_PASSWORD } });
  return data.authorization.token;
}

/** The feed's first page as `token` sees it (ids and the newest created_at, the app's `since`). */
export async function firstPage(origin: string, token: string): Promise<{ ids: number[]; since: string }> {
  const page = await json<PostPage>(origin, 'GET', 'posts', { token });
  return { ids: page.data.map((post) => post.id), since: page.data[0]?.created_at ?? new Date().toISOString() };
}

/** GET sync/pull from `cursor` as a device's poll sends it; the next cursor. */
export async function syncPull(origin: string, token: string, cursor: string | undefined, since: string, agent?: http.Agent): Promise<{ cursor: string; ms: number }> {
  const query = new URLSearchParams({ since });
  if (cursor !== undefined) query.set('cursor', cursor);
  const answer = await request(origin, 'GET', `sync/pull?${query.toString()}`, { token, ...(agent === undefined ? {} : { agent }) });
  if (answer.status !== 200) throw new Error(`GET sync/pull: ${String(answer.status)} ${answer.body.slice(0, 200)}`);
  return { cursor: (JSON.parse(answer.body) as Envelope<SyncPull>).data.cursor, ms: answer.ms };
}

export async function newPost(origin: string, token: string, text: string): Promise<number> {
  const data = await json<PostResponse>(origin, 'POST', 'post', { token, body: { text, type: 'REQUEST' } });
  return data.post.id;
}

/** A pray as the app sends it: one mutation through POST sync/push. */
export async function pray(origin: string, token: string, postId: number): Promise<void> {
  const data = await json<{ results: { status: number }[] }>(origin, 'POST', 'sync/push', {
    token, body: { mutations: [{ key: randomUUID(), method: 'POST', path: `post/${String(postId)}/pray` }] },
  });
  const status = data.results[0]?.status ?? 0;
  if (status >= 300) throw new Error(`pray through sync/push answered ${String(status)}`);
}

/** Runs `task(i)` for i in [0, count), at most `parallel` at once. */
export async function inLanes(count: number, parallel: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next; i < count; i = next) {
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
}

const TICKS_PER_SECOND = 100;

/** User+system CPU seconds used so far by `root` and its descendants (Linux /proc; 10 ms ticks). */
export function treeCpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const stat = readProc(`/proc/${String(pid)}/stat`);
    if (stat === null) continue;
    const fields = statFields(stat);
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

export type Summary = { n: number; p50: number; p95: number; max: number };

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
}

export const msText = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function closeSetupAgent(): void {
  setupAgent.destroy();
}
