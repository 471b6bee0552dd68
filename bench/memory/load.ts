// A steady request rate against a running server (issue #27 item 5, bench/server-memory.ts): an
// open loop that sends the next request on time whether or not the previous ones have been answered
// (as members' devices do), in a fixed mix of what the app sends most: the feed's first page, a
// post's page and a pray through POST sync/push, each as one of a few guests (docs/product.md §4).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Envelope, GuestAuthResponse, PostPage } from '../../common/contract';
import type { PushResponse } from '../../common/sync-contract';
import { percentile } from '../report';

/** Guests the load is spread over; guest/login is limited to 10 a minute per address (server/config.ts). */
const GUESTS = 5;
/** Ten requests in a cycle: half feed reads, three post reads, two prays. */
const MIX = ['feed', 'post', 'feed', 'pray', 'feed', 'post', 'feed', 'pray', 'feed', 'post'] as const;
type Kind = (typeof MIX)[number];

export type LoadResult = { sent: number; byKind: Record<Kind, number>; failures: number; firstFailure: string | null; p50: number; p95: number; p99: number; maxInFlight: number };

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${String(response.status)} ${(await response.text()).slice(0, 200)}`);
  return await response.json() as T;
}

export type LoadTarget = { api: string; tokens: string[]; postIds: number[] };

/** Signs in the guests and reads the post ids of the feed's first page. */
export async function prepareLoad(api: string): Promise<LoadTarget> {
  const tokens: string[] = [];
  for (let i = 0; i < GUESTS; i += 1) {
    const login = await json<Envelope<GuestAuthResponse>>(`${api}/guest/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    tokens.push(login.data.authorization.token);
  }
  const page = await json<Envelope<PostPage>>(`${api}/posts`, { headers: { authorization: `Bearer ${tokens[0] ?? ''}` } });
  const postIds = page.data.data.map((post) => post.id);
  if (postIds.length === 0) throw new Error('the feed is empty: nothing to read or pray for');
  return { api, tokens, postIds };
}

async function send(target: LoadTarget, kind: Kind, n: number): Promise<void> {
  const token = target.tokens[n % target.tokens.length] ?? '';
  const postId = target.postIds[Math.floor(n / MIX.length) % target.postIds.length] ?? 0;
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' };
  if (kind === 'feed') {
    await json<Envelope<PostPage>>(`${target.api}/posts`, { headers });
  } else if (kind === 'post') {
    await json<unknown>(`${target.api}/post/${String(postId)}`, { headers });
  } else {
    const mutations = [{ key: randomUUID(), method: 'POST', path: `post/${String(postId)}/pray` }];
    const pushed = await json<Envelope<PushResponse>>(`${target.api}/sync/push`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ mutations }),
    });
    const status = pushed.data.results[0]?.status ?? 0;
    if (status >= 300) throw new Error(`pray through sync/push answered ${String(status)}`);
  }
}

/**
 * `perSecond` requests a second for `seconds`, calling `onSecond` once a second (the memory
 * samples); resolves when every request sent has been answered.
 */
export async function steadyLoad(target: LoadTarget, perSecond: number, seconds: number, onSecond: (elapsed: number) => void): Promise<LoadResult> {
  const latencies: number[] = [];
  const byKind: Record<Kind, number> = { feed: 0, post: 0, pray: 0 };
  const pending = new Set<Promise<void>>();
  let failures = 0;
  let firstFailure: string | null = null;
  let maxInFlight = 0;
  const total = Math.round(perSecond * seconds);
  const started = performance.now();
  let nextSecond = 1;
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed >= nextSecond) {
      onSecond(elapsed);
      nextSecond = Math.floor(elapsed) + 1;
    }
    const kind = MIX[n % MIX.length] ?? 'feed';
    byKind[kind] += 1;
    const sentAt = performance.now();
    const request: Promise<void> = send(target, kind, n).then(
      () => { latencies.push(performance.now() - sentAt); },
      (error: unknown) => {
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      },
    ).finally(() => pending.delete(request));
    pending.add(request);
    maxInFlight = Math.max(maxInFlight, pending.size);
  }
  await Promise.all(pending);
  onSecond((performance.now() - started) / 1000);
  latencies.sort((a, b) => a - b);
  return { sent: total, byKind, failures, firstFailure, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), maxInFlight };
}
