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
  const [commands, dbm, drain, apiClient, auth, pull, pullLists, listReads, reads, prayGate] = await Promise.all([
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
  ]);
  return { commands, dbm, drain, apiClient, auth, pull, pullLists, listReads, reads, prayGate };
}
export type Graph = Awaited<ReturnType<typeof loadGraph>>;

export type Fault = 'pass' | 'offline' | 'drop-response' | 'error-500' | 'unauthorized' | 'kill' | 'item-500';
export type FaultCounts = Record<Fault, number> & { pushes: number; pushedItems: number };
export const emptyCounts = (): FaultCounts => ({
  pass: 0, offline: 0, 'drop-response': 0, 'error-500': 0, unauthorized: 0, kill: 0, 'item-500': 0, pushes: 0, pushedItems: 0,
});

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
    if (typeof body === 'object' && body !== null && 'mutations' in body && Array.isArray(body.mutations)) this.counts.pushedItems += body.mutations.length;
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
