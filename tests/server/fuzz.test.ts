// Fuzz (the acceptance: at least 1,000 malformed requests across the endpoints: no 500,
// no crash, database unchanged). The routes come from the app itself (buildApp's onRoute), so
// endpoints added later are fuzzed without editing this file. Requests are built by
// fuzz-requests.ts from a seeded PRNG; replay a run with FUZZ_SEED=<seed printed below>.
// Issue #11 item 4: every write route also gets each hostile shape (fuzz-hostile.ts: 5,000-deep
// JSON, lone surrogates) as a member, and POST sync/push carries each shape in an item for every
// write route. FUZZ_REQUESTS=10000 sets how many requests at least (CI: MIN_REQUESTS).
import { ERROR_CODES } from '../../common/error-codes';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Envelope, GuestAuthResponse } from '../../common/contract';
import { API_PREFIX } from '../../server/app';
import { hashToken } from '../../server/domain/tokens';
import { changedTables, snapshotDb } from '../helpers/db-snapshot';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { DEMO } from './api';
import { HOSTILE_SHAPES } from './fuzz-hostile';
import { buildRequest, describeRequest, IDENTITIES, isRead, type BuildOptions, type FuzzRequest, type FuzzRoute, type Tokens } from './fuzz-requests';
import { createRng, type Rng } from './fuzz-values';

const MIN_REQUESTS = 1200;
const MIN_PER_ROUTE_AND_IDENTITY = 2;

function seedFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got '${value}'`);
  return seed;
}
const SEED = seedFromEnv(process.env.FUZZ_SEED);

function countFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return MIN_REQUESTS;
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 1000) throw new Error(`FUZZ_REQUESTS must be an integer of at least 1000, got '${value}'`);
  return count;
}
const REQUESTS = countFromEnv(process.env.FUZZ_REQUESTS);
/** ~5 ms a request here; the margin is for a loaded 2-core machine. */
const TIMEOUT_MS = 120_000 + REQUESTS * 40;

let server: TestServer;
const routes: FuzzRoute[] = [];
/**
 * GET sync/live (issue #48) answers a valid session with a stream that never ends, and inject()
 * waits for the end of an answer. Its refusals (no token, a bad one, a bad channel, the caps) are
 * asked in tests/server/live.test.ts; it has no body or parameters to fuzz.
 */
const NOT_FUZZED = new Set([`${API_PREFIX}/sync/live`]);

beforeAll(async () => {
  server = await startTestServer({
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (route.url.startsWith(`${API_PREFIX}/`) && !NOT_FUZZED.has(route.url)) routes.push({ method, url: route.url });
    },
  });
});
afterAll(async () => server.close());

async function inject(method: 'GET' | 'POST', url: string, token?: string, body?: object): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method, url: `${API_PREFIX}/${url}`,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function memberToken(): Promise<string> {
  const r = await inject('POST', 'auth/login', undefined, DEMO);
  expect(r.statusCode).toBe(200);
  return r.json<Envelope<AuthResponse>>().data.authorization.token;
}

/** Every identity the fuzz sends as, made before the first snapshot. */
async function makeTokens(): Promise<Tokens> {
  const member = await memberToken();
  const guestResponse = await inject('POST', 'guest/login', undefined, {});
  const guest = guestResponse.json<Envelope<GuestAuthResponse>>().data.authorization.token;
  const revoked = await memberToken();
  expect((await inject('POST', 'auth/logout', revoked)).statusCode).toBe(200);
  const expired = await memberToken();
  await server.handle.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 hour' where token_hash = ${hashToken(expired)}`);
  return { member, guest, revoked, expired };
}

/** The one error shape of docs/architecture/server.md 'Reference server' with its stable code (issue #12), nothing more. */
const FIELD_CODE = z.strictObject({ code: z.enum(ERROR_CODES), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
const API_ERROR = z.strictObject({
  message: z.string().min(1),
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  fieldCodes: z.record(z.string(), z.array(FIELD_CODE)).optional(),
});

function jsonBody(response: LightMyRequestResponse): unknown {
  if (!/^application\/json/.test(String(response.headers['content-type']))) return undefined;
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** What is wrong with one answer, or undefined: never 5xx; errors in the one shape; JSON in `data`. */
function problem(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  const text = response.body.slice(0, 200);
  if (status >= 500) return `status ${status}: ${text}`;
  if (request.method === 'HEAD') return undefined;
  const body = jsonBody(response);
  if (status < 400) {
    // Successful reads of JSON come in the docs/product.md §7 envelope (a photo, say, is not JSON).
    const isJson = /^application\/json/.test(String(response.headers['content-type']));
    const hasData = typeof body === 'object' && body !== null && 'data' in body;
    return isJson && !hasData ? `${status} without the {data} envelope: ${text}` : undefined;
  }
  const parsed = API_ERROR.safeParse(body);
  if (!parsed.success || parsed.data.status !== status) return `error ${status} is not JSON {message, status, code, errors?}: ${text}`;
  return undefined;
}

/** Each hostile shape on every write route as a member, and in a sync/push item for every write route. */
function hostileRequests(rng: Rng, tokens: Tokens, options: BuildOptions): FuzzRequest[] {
  const push = routes.find((r) => r.method === 'POST' && r.url === `${API_PREFIX}/sync/push`);
  if (push === undefined) throw new Error('POST sync/push is not registered');
  return HOSTILE_SHAPES.flatMap((hostile) => options.writeRoutes.flatMap((route) => [
    buildRequest(rng, route, 'member', tokens, { ...options, hostile }),
    buildRequest(rng, push, 'member', tokens, { ...options, hostile, pushTarget: route }),
  ]));
}

function planRequests(tokens: Tokens): FuzzRequest[] {
  const rng = createRng(SEED);
  const options: BuildOptions = { prefix: API_PREFIX, writeRoutes: routes.filter((r) => !isRead(r.method)) };
  const requests = hostileRequests(rng, tokens, options);
  const perCombo = Math.max(MIN_PER_ROUTE_AND_IDENTITY, Math.ceil((REQUESTS - requests.length) / (routes.length * IDENTITIES.length)));
  for (const route of routes) {
    for (const identity of IDENTITIES) {
      for (let i = 0; i < perCombo; i += 1) requests.push(buildRequest(rng, route, identity, tokens, options));
    }
  }
  return rng.shuffle(requests);
}

type RunResult = { problems: string[]; accepted: string[]; histogram: string; fiveHundreds: number };

async function send(requests: FuzzRequest[]): Promise<RunResult> {
  const problems: string[] = [];
  const accepted: string[] = [];
  const statuses = new Map<number, number>();
  for (const request of requests) {
    const response = await server.app.inject({
      method: request.method, url: request.url, headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const found = problem(request, response);
    if (found !== undefined) problems.push(`${found}\n    <- ${describeRequest(request)}`);
    // Every non-read request carries a guard (fuzz-requests.ts), so none may succeed.
    if (!isRead(request.method) && response.statusCode < 400) accepted.push(`${response.statusCode} <- ${describeRequest(request)}`);
  }
  const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(' ');
  const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  return { problems, accepted, histogram, fiveHundreds };
}

describe(`fuzz: malformed requests to every route (seed ${SEED})`, () => {
  it('never answers 5xx, always in the error shape, and writes nothing', { timeout: TIMEOUT_MS }, async () => {
    console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run tests/server/fuzz.test.ts)`);
    expect(routes.length).toBeGreaterThan(5);
    const tokens = await makeTokens();
    const requests = planRequests(tokens);
    const before = await snapshotDb(server.handle);
    const started = Date.now();
    const { problems, accepted, histogram, fiveHundreds } = await send(requests);
    const after = await snapshotDb(server.handle);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const hostile = requests.filter((r) => r.guard === 'hostile').length;
    console.log(`fuzz: ${requests.length} requests (${hostile} hostile) to ${routes.length} routes in ${seconds} s; 5xx: ${fiveHundreds}; statuses ${histogram}`);

    expect(requests.length).toBeGreaterThanOrEqual(REQUESTS);
    expect(fiveHundreds).toBe(0);
    expect(problems.slice(0, 20).join('\n'), `${problems.length} bad answers (seed ${SEED})`).toBe('');
    expect({ changed: changedTables(before, after), accepted: accepted.slice(0, 20) }).toEqual({ changed: [], accepted: [] });
    expect(after).toEqual(before);

    // Still serving, in-process and over the socket, and the member's session survived.
    expect((await inject('GET', 'posts')).statusCode).toBe(200);
    expect((await inject('GET', 'auth/me', tokens.member)).statusCode).toBe(200);
    expect((await fetch(`${server.url}${API_PREFIX}/posts`)).status).toBe(200);
  });
});
