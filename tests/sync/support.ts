// Shared set-up of the sync tests: the real /api/v1 server in-process (tests/helpers), the real
// engine, fake-indexeddb. Faults are injected around the real fetch, never instead of the server.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clearAllTables } from '../../src/db/db';
import type { GuestAuthResponse } from '../../common/contract';
import { createApiClient, type ApiClient } from '../../worker/api-client';
import { guestLogin } from '../../worker/auth';
import { pullFeed } from '../../worker/pull';
import { memoryStore, type UnauthorizedStore } from '../../worker/unauthorized';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server';

export type RecordedCall = { method: string; path: string; key: string | null; status: number | 'dropped' | 'faked' };

/** What to do with one request: let it through, drop its response after the server applied it, or answer for the server. */
export type Fault = 'pass' | 'drop-response' | { status: number; body: unknown } | 'offline';

export type Harness = {
  server: TestServer;
  api: ApiClient;
  calls: RecordedCall[];
  /** Decides the fate of the next requests; default 'pass'. */
  setFault(fault: (call: { method: string; path: string }) => Fault): void;
  apiBase: string;
  /** Where `api` keeps the SPEC §4 401 timestamp; cleared for every fresh device. */
  unauthorizedStore: UnauthorizedStore;
};

function describeRequest(input: RequestInfo | URL, init: RequestInit | undefined) {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const key = new Headers(init?.headers).get('idempotency-key');
  return { method, path: url.pathname.replace(/^\/api\/v1\//, ''), key };
}

export function faultyFetch(calls: RecordedCall[], decide: () => (call: { method: string; path: string }) => Fault): typeof fetch {
  return async (input, init) => {
    const call = describeRequest(input, init);
    const fault = decide()(call);
    if (fault === 'offline') {
      calls.push({ ...call, status: 'dropped' });
      throw new TypeError('fetch failed');
    }
    if (typeof fault === 'object') {
      calls.push({ ...call, status: 'faked' });
      return new Response(JSON.stringify(fault.body), { status: fault.status, headers: { 'content-type': 'application/json' } });
    }
    const response = await fetch(input, init);
    await response.clone().arrayBuffer();
    if (fault === 'drop-response') {
      // The server has applied and committed the request; the client never hears back.
      calls.push({ ...call, status: 'dropped' });
      throw new TypeError('fetch failed: connection reset');
    }
    calls.push({ ...call, status: response.status });
    return response;
  };
}

export async function startHarness(options: TestServerOptions = {}): Promise<Harness> {
  const server = await startTestServer(options);
  const calls: RecordedCall[] = [];
  let decide: (call: { method: string; path: string }) => Fault = () => 'pass';
  const apiBase = `${server.url}/api/v1`;
  const unauthorizedStore = memoryStore();
  const api = createApiClient({ apiBase, fetch: faultyFetch(calls, () => decide), unauthorizedStore });
  return {
    server,
    api,
    calls,
    apiBase,
    unauthorizedStore,
    setFault(next) {
      decide = next;
    },
  };
}

/**
 * The hooks every sync test file needs: one server for the file (closed after it) and, unless
 * `freshDevice` is false, a fresh guest device before each test. Use at the top level of a file.
 */
export function useHarness(options: TestServerOptions = {}, { freshDevice = true } = {}): Harness {
  let started: Harness | null = null;
  const current = (): Harness => {
    if (!started) throw new Error('The sync harness starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(options);
  });
  afterAll(async () => {
    await started?.server.close();
  });
  if (freshDevice) beforeEach(() => freshGuestDevice(current()));
  return {
    get server() { return current().server; },
    get api() { return current().api; },
    get calls() { return current().calls; },
    get apiBase() { return current().apiBase; },
    get unauthorizedStore() { return current().unauthorizedStore; },
    setFault: (fault) => current().setFault(fault),
  };
}

/** A fresh device: empty local database, signed in as a new guest, first feed page pulled. */
export async function freshGuestDevice(harness: Harness): Promise<void> {
  await clearAllTables();
  harness.setFault(() => 'pass');
  await harness.unauthorizedStore.write(null);
  const result = await guestLogin(harness.api);
  if (!result.ok) throw new Error(`guest login failed: ${result.error.message}`);
  const page = await pullFeed(harness.api, {});
  if (!page.ok) throw new Error(`feed pull failed: ${page.error.message}`);
  harness.calls.length = 0;
}

/** Reads a post as the server sees it for the signed-in guest (bypassing the local database). */
export async function serverPost(harness: Harness, id: number) {
  const result = await harness.api.call<{ post: { id: number; prayedCount: number; isPrayed: boolean; is_bookmarked: boolean; text: string } }>({ path: `post/${id}` });
  if (!result.ok) throw new Error(`GET post/${id}: ${result.status} ${result.error.message}`);
  return result.data.post;
}

export function mutations(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.method !== 'GET');
}

/** Another person on another device: a new guest's token. */
export async function otherGuestToken(harness: Harness): Promise<string> {
  const guest = await harness.api.call<GuestAuthResponse>({ method: 'POST', path: 'guest/login', body: {}, token: null });
  if (!guest.ok) throw new Error(guest.error.message);
  return guest.data.authorization.token;
}

/** A call made outside the local database (another device, or the server's view). */
export async function direct<T>(harness: Harness, call: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: Record<string, unknown>; token?: string }): Promise<T> {
  const result = await harness.api.call<T>(call);
  if (!result.ok) throw new Error(`${call.method ?? 'GET'} ${call.path}: ${result.status} ${result.error.message}`);
  return result.data;
}
