// Fuzz (the acceptance: at least 1,000 malformed requests across the endpoints: no 500,
// no crash, database unchanged). The routes come from the app itself (buildApp's onRoute), so
// endpoints added later are fuzzed without editing this file. Requests are built by
// fuzz-requests.ts from a seeded PRNG; replay a run with FUZZ_SEED=<seed printed below>.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Envelope, GuestAuthResponse } from '../../common/contract';
import { API_PREFIX } from '../../server/app';
import { hashToken } from '../../server/domain/tokens';
import { changedTables, snapshotDb } from '../helpers/db-snapshot';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { DEMO } from './api';
import { buildRequest, describeRequest, IDENTITIES, isRead, type FuzzRequest, type FuzzRoute, type Tokens } from './fuzz-requests';
import { createRng } from './fuzz-values';

const MIN_REQUESTS = 1200;
const MIN_PER_ROUTE_AND_IDENTITY = 2;
const SEED = process.env.FUZZ_SEED === undefined || process.env.FUZZ_SEED === '' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED);

let server: TestServer;
const routes: FuzzRoute[] = [];

beforeAll(async () => {
  server = await startTestServer({
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (route.url.startsWith(`${API_PREFIX}/`)) routes.push({ method, url: route.url });
    },
  });
});
afterAll(async () => server.close());

async function inject(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method, url: `${API_PREFIX}/${url}`,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
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

/** What is wrong with one answer, or undefined: never 5xx; every error in the one API shape. */
function problem(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `status ${status}: ${response.body.slice(0, 200)}`;
  if (status < 400 || request.method === 'HEAD') return undefined;
  if (!/^application\/json/.test(String(response.headers['content-type']))) return `error ${status} is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `error ${status} body is not JSON: ${response.body.slice(0, 120)}`;
  }
  const shape = body as { message?: unknown; status?: unknown; errors?: unknown };
  const keys = Object.keys(shape).filter((k) => !['message', 'status', 'errors'].includes(k));
  if (typeof shape.message !== 'string' || shape.message === '' || shape.status !== status || keys.length > 0) {
    return `error ${status} is not {message, status, errors?}: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

function planRequests(tokens: Tokens): FuzzRequest[] {
  const rng = createRng(SEED);
  const perCombo = Math.max(MIN_PER_ROUTE_AND_IDENTITY, Math.ceil(MIN_REQUESTS / (routes.length * IDENTITIES.length)));
  const requests: FuzzRequest[] = [];
  for (const route of routes) {
    for (const identity of IDENTITIES) {
      for (let i = 0; i < perCombo; i += 1) requests.push(buildRequest(rng, route, identity, tokens));
    }
  }
  return rng.shuffle(requests);
}

describe(`fuzz: malformed requests to every route (seed ${SEED})`, () => {
  it('never answers 5xx, always in the error shape, and writes nothing', { timeout: 120_000 }, async () => {
    console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run tests/server/fuzz.test.ts)`);
    expect(routes.length).toBeGreaterThan(5);
    const tokens = await makeTokens();
    const requests = planRequests(tokens);
    const before = await snapshotDb(server.handle);
    const started = Date.now();
    const problems: string[] = [];
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    for (const request of requests) {
      const response = await server.app.inject({
        method: request.method as 'GET', url: request.url, headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const found = problem(request, response);
      if (found !== undefined) problems.push(`${found}\n    <- ${describeRequest(request)}`);
      if (!isRead(request.method) && response.statusCode < 400) accepted.push(`${response.statusCode} <- ${describeRequest(request)}`);
    }
    const after = await snapshotDb(server.handle);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(' ');
    console.log(`fuzz: ${requests.length} requests to ${routes.length} routes in ${seconds} s; statuses ${histogram}`);

    expect(requests.length).toBeGreaterThanOrEqual(1000);
    expect(problems.slice(0, 20).join('\n'), `${problems.length} bad answers (seed ${SEED})`).toBe('');
    // A changed table means a malformed request was applied; `accepted` names the suspects.
    expect({ changed: changedTables(before, after), accepted: accepted.slice(0, 20) }).toEqual({ changed: [], accepted: [] });
    expect(after).toEqual(before);

    // Still serving, in-process and over the socket, and the member's session survived.
    expect((await inject('GET', 'posts')).statusCode).toBe(200);
    expect((await inject('GET', 'auth/me', tokens.member)).statusCode).toBe(200);
    expect((await fetch(`${server.url}${API_PREFIX}/posts`)).status).toBe(200);
  });
});
