// Shared set-up of the sync tests: the real /api/v1 server in-process (tests/helpers), the real
// engine, fake-indexeddb. Faults are injected around the real fetch, never instead of the server.
import { beforeEach } from 'vitest';
import { clearAllTables } from '../../src/model/db';
import { API_ANSWER_HEADER, API_ANSWER_VALUE, REQUEST_ID_HEADER } from '../../common/constants';
import type { ApiError, Envelope, GuestAuthResponse, PostResponse } from '../../common/contract';
import type { PushMutation, PushResponse, PushResult } from '../../common/sync-contract';
import { createApiClient, type ApiClient } from '../../worker/api-client';
import { guestLogin } from '../../worker/auth';
import { pullFeed } from '../../worker/pull';
import { memoryStore, type UnauthorizedStore } from '../../worker/unauthorized';
import { scopedObject } from '../helpers/scoped-fixture';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server';

type CallStatus = number | 'dropped' | 'faked' | 'hung' | 'foreign';
/** One mutation inside a POST sync/push, with the status its result gave (or the call's fate). */
export type RecordedItem = { method: string; path: string; key: string; status: CallStatus };
export type RecordedCall = { method: string; path: string; key: string | null; status: CallStatus; items?: RecordedItem[] };

/** A request as a fault sees it: a push also shows its items. */
export type FaultCall = { method: string; path: string; items?: { method: string; path: string }[] };

/**
 * What to do with one request: let it through, drop its response after the server applied it,
 * answer for the server, fail at once as no network does, or hang as a dead connection does (no
 * answer and no error until the request is aborted: its timeout, or let go by the client); `html`:
 * something on the way answers instead of the server (a captive portal's page, a proxy's 502).
 */
export type Fault = 'pass' | 'drop-response' | { status: number; body: unknown } | { status: number; html: string } | 'offline' | 'hang';
/** What to do with one item's result in a sync/push answer the server gave: keep it, or replace it (the server applied it). */
export type ItemFault = 'pass' | { status: number; body: unknown };
type DecideItem = (item: { method: string; path: string }) => ItemFault;

export type Harness = {
  server: TestServer;
  api: ApiClient;
  calls: RecordedCall[];
  /** Decides the fate of the next requests; default 'pass'. */
  setFault(fault: (call: FaultCall) => Fault): void;
  /** Decides the results of the items of the next sync/push answers; default 'pass'. */
  setItemFault(fault: DecideItem): void;
  apiBase: string;
  /** Where `api` keeps the docs/product.md §4 401 timestamp; cleared for every fresh device. */
  unauthorizedStore: UnauthorizedStore;
};

function describeRequest(input: RequestInfo | URL, init: RequestInit | undefined) {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const key = new Headers(init?.headers).get('idempotency-key');
  return { method, path: url.pathname.replace(/^\/api\/v1\//, ''), key };
}

/** An answer made for the server: it carries the API's mark, as every answer of /api/v1 does (and the request id of the answer it stands for). */
const json = (body: unknown, status: number, requestId?: string | null) => new Response(JSON.stringify(body), {
  status, headers: { 'content-type': 'application/json', [API_ANSWER_HEADER]: API_ANSWER_VALUE, ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
});

/** The mutations of a POST sync/push body (ofetch sends it as a JSON string). */
function pushItems(path: string, init: RequestInit | undefined): PushMutation[] | null {
  if (path !== 'sync/push' || typeof init?.body !== 'string') return null;
  const body: unknown = JSON.parse(init.body);
  return typeof body === 'object' && body !== null && 'mutations' in body && Array.isArray(body.mutations) ? (body.mutations as PushMutation[]) : null;
}

/** Replaces the results `decideItem` fakes; the items' statuses as the client will see them. */
async function answerItems(response: Response, pushed: PushMutation[], decideItem: DecideItem): Promise<{ response: Response; statuses: CallStatus[] }> {
  const envelope = (await response.json()) as Envelope<PushResponse> | ApiError;
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  if (!('data' in envelope)) return { response: json(envelope, response.status, requestId), statuses: pushed.map(() => response.status) };
  const results: PushResult[] = envelope.data.results.map((result, i) => {
    const fault = pushed[i] ? decideItem(pushed[i]) : 'pass';
    return fault === 'pass' ? result : { ...result, status: fault.status, body: fault.body, replayed: false };
  });
  const statuses: CallStatus[] = results.map((result, i) => (result === envelope.data.results[i] ? result.status : 'faked'));
  return { response: json({ data: { results } }, response.status, requestId), statuses };
}

export function faultyFetch(
  calls: RecordedCall[],
  decide: () => (call: FaultCall) => Fault,
  decideItem: () => DecideItem = () => () => 'pass',
): typeof fetch {
  return async (input, init) => {
    const call = describeRequest(input, init);
    const pushed = pushItems(call.path, init);
    const record = (status: CallStatus, statuses?: CallStatus[]) => {
      const items = pushed?.map((item, i) => ({ method: item.method, path: item.path, key: item.key, status: statuses?.[i] ?? status }));
      calls.push({ ...call, status, ...(items ? { items } : {}) });
    };
    const fault = decide()(pushed ? { ...call, items: pushed } : call);
    if (fault === 'offline') {
      record('dropped');
      throw new TypeError('fetch failed');
    }
    if (fault === 'hang') {
      record('hung');
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        const fail = () => reject(signal?.reason ?? new TypeError('fetch failed'));
        if (signal?.aborted) fail();
        else signal?.addEventListener('abort', fail, { once: true });
      });
    }
    if (typeof fault === 'object' && 'html' in fault) {
      record('foreign');
      return new Response(fault.html, { status: fault.status, headers: { 'content-type': 'text/html; charset=utf-8' } });
    }
    if (typeof fault === 'object') {
      record('faked');
      return json(fault.body, fault.status);
    }
    const response = await fetch(input, init);
    // The live stream's body never ends (issue #48): handed over as it comes, not read here first.
    if (fault === 'pass' && response.headers.get('content-type')?.startsWith('text/event-stream')) {
      record(response.status);
      return response;
    }
    await response.clone().arrayBuffer();
    if (fault === 'drop-response') {
      // The server has applied and committed the request; the client never hears back.
      record('dropped');
      throw new TypeError('fetch failed: connection reset');
    }
    if (!pushed) {
      record(response.status);
      return response;
    }
    const answered = await answerItems(response, pushed, decideItem());
    record(response.status, answered.statuses);
    return answered.response;
  };
}

/** Every mutation sent, a push's items in place of the push: what reached (or was meant for) the server. */
export function sentMutations(calls: RecordedCall[]): RecordedItem[] {
  return mutations(calls).flatMap((call) => call.items ?? [{ method: call.method, path: call.path, key: call.key ?? '', status: call.status }]);
}

/** The sync/push calls among the calls. */
export function pushes(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.path === 'sync/push');
}

export async function startHarness(options: TestServerOptions = {}): Promise<Harness> {
  const server = await startTestServer(options);
  const calls: RecordedCall[] = [];
  let decide: (call: FaultCall) => Fault = () => 'pass';
  let decideItem: DecideItem = () => 'pass';
  const apiBase = `${server.url}/api/v1`;
  const unauthorizedStore = memoryStore();
  const api = createApiClient({ apiBase, fetch: faultyFetch(calls, () => decide, () => decideItem), unauthorizedStore });
  return {
    server,
    api,
    calls,
    apiBase,
    unauthorizedStore,
    setFault(next) {
      decide = next;
    },
    setItemFault(next) {
      decideItem = next;
    },
  };
}

/**
 * The hooks every sync test file needs: one server for the file (closed after it) and, unless
 * `freshDevice` is false, a fresh guest device before each test. Use at the top level of a file.
 */
export function useHarness(options: TestServerOptions = {}, { freshDevice = true } = {}): Harness {
  const harness = scopedObject('The sync harness', () => startHarness(options), (made) => made.server.close());
  if (freshDevice) beforeEach(() => freshGuestDevice(harness));
  return harness;
}

/** A fresh device: empty local database, signed in as a new guest, first feed page pulled. */
export async function freshGuestDevice(harness: Harness): Promise<void> {
  await clearAllTables();
  harness.setFault(() => 'pass');
  harness.setItemFault(() => 'pass');
  await harness.unauthorizedStore.write(null);
  const result = await guestLogin(harness.api);
  if (!result.ok) throw new Error(`guest login failed: ${result.error.message}`);
  const page = await pullFeed(harness.api, {});
  if (!page.ok) throw new Error(`feed pull failed: ${page.error.message}`);
  harness.calls.length = 0;
}

/** A request made on the server (by this device's account, or by `token`'s), pulled onto this device; the calls so far forgotten. */
export async function pulledRequest(harness: Harness, text: string, token?: string): Promise<number> {
  const { post } = await direct<PostResponse>(harness, { method: 'POST', path: 'post', body: { text, type: 'REQUEST' }, ...(token === undefined ? {} : { token }) });
  await pullFeed(harness.api, {});
  harness.calls.length = 0;
  return post.id;
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
