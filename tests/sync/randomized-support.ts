// Devices for the randomized sync test: each client is its own module graph (vi.resetModules)
// whose Dexie database lives in its own fake IndexedDB factory, so two clients in one process
// have separate storage, separate sync state and separate locks, like two phones. A "worker
// restart" loads a fresh graph on the same factory: the old graph's drain is left hanging in a
// fetch that never answers (a killed worker never writes again) and the new one replays.
import { Dexie } from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import type { Envelope } from '../../common/contract';
import { API_ANSWER_HEADER, API_ANSWER_VALUE } from '../../common/constants';
import type { PushResponse, PushResult } from '../../common/sync-contract';

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function loadGraph() {
  const [commands, dbm, drain, apiClient, auth, pull, pullLists, listReads, reads, prayGate, syncPull, meta, groupReads, liveApply] = await Promise.all([
    import('../../src/commands'),
    import('../../src/model/db'),
    import('../../worker/drain'),
    import('../../worker/api-client'),
    import('../../worker/auth'),
    import('../../worker/pull'),
    import('../../worker/pull-lists'),
    import('../../src/db/list-reads'),
    import('../../src/db/reads'),
    import('../../src/commands/pray-gate'),
    import('../../worker/sync-pull'),
    import('../../src/model/meta'),
    import('../../src/db/group-reads'),
    import('../../worker/live-apply'),
  ]);
  return { commands, dbm, drain, apiClient, auth, pull, pullLists, listReads, reads, prayGate, syncPull, meta, groupReads, liveApply };
}
export type Graph = Awaited<ReturnType<typeof loadGraph>>;

export type Fault = 'pass' | 'offline' | 'drop-response' | 'error-500' | 'unauthorized' | 'kill' | 'item-500';
/** Faults, and what reached the server: pushes, their items, the runs of post prays in them (set-applied, issue #25 item 2), one pulls. */
export type FaultCounts = Record<Fault, number> & { pushes: number; pushedItems: number; prayRuns: number; mixedPrayRuns: number; onePulls: number };
export const emptyCounts = (): FaultCounts => ({
  pass: 0, offline: 0, 'drop-response': 0, 'error-500': 0, unauthorized: 0, kill: 0, 'item-500': 0, pushes: 0, pushedItems: 0, prayRuns: 0, mixedPrayRuns: 0, onePulls: 0,
});

/** Runs of two or more consecutive post prays in a push's mutations (the server applies each as a set), and how many pray for more than one post. */
export function prayRunsOf(mutations: readonly { method: string; path: string }[]): { runs: number; mixed: number } {
  let runs = 0;
  let mixed = 0;
  let posts: string[] = [];
  const end = () => {
    if (posts.length >= 2) {
      runs += 1;
      if (new Set(posts).size > 1) mixed += 1;
    }
    posts = [];
  };
  for (const { method, path } of mutations) {
    const pray = method === 'POST' ? /^post\/(\d+)\/pray$/.exec(path) : null;
    if (pray?.[1] === undefined) end();
    else posts.push(pray[1]);
  }
  end();
  return { runs, mixed };
}

/** What happens to the next mutation request of a client; auth calls always pass (see test file). */
export type FaultPlan = { decide(call: { isPush: boolean }): Fault };

const json = (status: number, message: string) =>
  new Response(JSON.stringify({ message, status }), { status, headers: { 'content-type': 'application/json', [API_ANSWER_HEADER]: API_ANSWER_VALUE } });

export type Device = {
  graph: Graph;
  api: ReturnType<Graph['apiClient']['createApiClient']>;
  /** Resolves when this device's graph was killed mid-request (its drain never settles). */
  killed: Promise<void>;
};

export class Client {
  device!: Device;
  plan: FaultPlan = { decide: () => 'pass' };
  private readonly factory = new IDBFactory();

  constructor(
    private readonly apiBase: string,
    private readonly counts: FaultCounts,
  ) {}

  /** A fresh worker context on this client's database (also the first start). */
  async restart(): Promise<void> {
    const original = Dexie.dependencies.indexedDB;
    Dexie.dependencies.indexedDB = this.factory;
    vi.resetModules();
    try {
      const graph = await loadGraph();
      let onKill: () => void = () => undefined;
      const killed = new Promise<void>((resolve) => {
        onKill = resolve;
      });
      // As the engine builds it (worker/engine.ts): a 401 runs the docs/product.md §4 refresh flow.
      const api: Device['api'] = graph.apiClient.createApiClient({
        apiBase: this.apiBase,
        fetch: this.chaosFetch(onKill),
        onUnauthorized: (rejected) => graph.auth.refreshAuth(api, rejected),
      });
      this.device = { graph, api, killed };
      // Dexie captures the factory when the database object is built, at import.
      await graph.dbm.db.open();
    } finally {
      Dexie.dependencies.indexedDB = original;
    }
  }

  private chaosFetch(onKill: () => void): typeof fetch {
    let dead = false;
    return async (input, init) => {
      if (dead) return new Promise<Response>(() => undefined);
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init?.method ?? 'GET').toUpperCase();
      const isAuth = /\/api\/v1\/(auth|guest)\//.test(url.pathname);
      const isPush = url.pathname.endsWith('/api/v1/sync/push');
      if (url.pathname.endsWith('/api/v1/sync/pull')) this.counts.onePulls += 1;
      const fault: Fault = method === 'GET' || isAuth ? 'pass' : this.plan.decide({ isPush });
      this.counts[fault] += 1;
      if (isPush) this.countPush(init);
      if (fault === 'offline') throw new TypeError('fetch failed');
      if (fault === 'error-500') return json(500, 'An unexpected error occurred');
      // Refresh-forcing: the client must run the docs/product.md §4 refresh flow and replay with the same key.
      if (fault === 'unauthorized') return json(401, 'Unauthenticated');
      const response = await fetch(input, init);
      await response.clone().arrayBuffer();
      if (fault === 'drop-response') throw new TypeError('fetch failed: connection reset');
      if (fault === 'kill') {
        // The server applied it; the worker dies before hearing back and never runs again.
        dead = true;
        onKill();
        return new Promise<Response>(() => undefined);
      }
      return fault === 'item-500' ? failOneItem(response) : response;
    };
  }

  private countPush(init: RequestInit | undefined): void {
    this.counts.pushes += 1;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    if (typeof body === 'object' && body !== null && 'mutations' in body && Array.isArray(body.mutations)) {
      const mutations = body.mutations as { method: string; path: string }[];
      this.counts.pushedItems += mutations.length;
      const { runs, mixed } = prayRunsOf(mutations);
      this.counts.prayRuns += runs;
      this.counts.mixedPrayRuns += mixed;
    }
  }
}

/** The server applied the whole batch; the answer of its middle item is replaced by a 500. */
async function failOneItem(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const envelope = (await response.json()) as Envelope<PushResponse>;
  const results: PushResult[] = envelope.data.results;
  const middle = Math.floor(results.length / 2);
  const failed = results.map((result, i) => (i === middle ? { ...result, status: 500, body: { message: 'An unexpected error occurred', status: 500 } } : result));
  return new Response(JSON.stringify({ data: { results: failed } }), { status: response.status, headers: { 'content-type': 'application/json', [API_ANSWER_HEADER]: API_ANSWER_VALUE } });
}

/** What happens to each mutation request of one drain: faults at these rates, and a kill at the `killAt`-th. */
export function faultPlan(random: () => number, killAt: number | null): FaultPlan {
  let sent = 0;
  return {
    decide({ isPush }) {
      sent += 1;
      if (killAt !== null && sent === killAt) return 'kill';
      const r = random();
      if (r < 0.12) return 'offline';
      if (r < 0.24) return 'drop-response';
      if (r < 0.32) return 'error-500';
      if (r < 0.35) return 'unauthorized';
      // An item's answer can only be rewritten inside a batch.
      if (isPush && r < 0.5) return 'item-500';
      return 'pass';
    },
  };
}

/** The mutation requests so far: how many passed, the faults of each kind, and the batches. */
export function faultFigures(counts: FaultCounts): string {
  const { pass, pushes, pushedItems, prayRuns, mixedPrayRuns, onePulls, ...faults } = counts;
  const kinds = Object.entries(faults).map(([kind, n]) => `${n} ${kind}`).join(', ');
  return `${pass} requests untouched; faults: ${kinds}; ${pushes} sync/push batches carrying ${pushedItems} items, ${prayRuns} runs of prays (${mixedPrayRuns} over several posts); ${onePulls} sync/pull`;
}

export function withinLimit<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
