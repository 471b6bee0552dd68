// Issue #27 item 3: one JSON line per request with its method, route pattern, status, duration
// and request id, the id sent back in X-Request-Id (server/http/request-log.ts); and nothing a
// member holds or wrote in the log: no token, password, email or prayer text, whatever the
// request carried (headers, cookie, body, query string).
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import type { AuthResponse, Envelope } from '../../common/contract';
import { loggedError } from '../../server/http/request-log';
import { uniqueEmail, useApi, type Api, type CallResult } from './api';
import { push } from './sync-support';

type LogLine = Record<string, unknown>;

const ID_SHAPE = /^[0-9a-f]{16}$/;

describe('the request log', () => {
  const raw: string[] = [];
  const api = useApi({ logSink: { write: (line) => { raw.push(line); } } });

  it('has one line per request, with what an operator needs and nothing a member holds or wrote', async () => {
    const email = uniqueEmail('logged');
    const password = 'a-password-nobody-may-read-7731';
    const prayer = 'Please pray for my sister Maria-Log-Test-5521 and her surgery';
    const batchPrayer = 'A batched prayer for Joaquim-Log-Test-9043';
    const responses: CallResult[] = [];
    const call = async <T>(...args: Parameters<Api['call']>): Promise<CallResult<T>> => {
      const r = await api.call<T>(...args);
      responses.push(r);
      return r;
    };
    const registered = await call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Logged Member', email, password } });
    expect(registered.status).toBe(201);
    const login = await call<Envelope<AuthResponse>>('POST', 'auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const token = login.json.data.authorization.token;
    const first = registered.json.data.authorization.token;
    const created = await call<Envelope<{ post: { id: number } }>>('POST', 'post', { token, body: { text: prayer, type: 'REQUEST' } });
    expect(created.status).toBe(201);
    const postId = created.json.data.post.id;
    expect((await call('GET', `posts?search=${encodeURIComponent(email)}`, { token, headers: { cookie: `token=${token}` } })).status).toBe(200);
    expect((await call('POST', 'auth/login', { body: { email, password: `${password}-wrong` } })).status).toBe(401);
    expect((await call('POST', 'auth/check-email', { body: { email } })).status).toBe(200);
    const batch = await push(api, token, [
      { key: 'log-comment-1', method: 'POST', path: `post/${postId}/comment`, body: { comment: batchPrayer } },
      { key: 'log-edit-1', method: 'PUT', path: `post/${postId}`, body: { text: `${prayer} (edited)` } },
    ]);
    responses.push(batch);
    expect(batch.status).toBe(200);
    expect(batch.json.data.results.map((result) => result.status)).toEqual([201, 200]);
    expect((await call('GET', 'no/such/route', { token })).status).toBe(404);

    const lines = raw.map((line) => JSON.parse(line) as LogLine);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(responses.length);
    for (const [i, line] of requestLines.entries()) {
      expect(line).toMatchObject({ level: 30, method: expect.stringMatching(/^(GET|POST)$/), route: expect.any(String), status: responses[i]?.status });
      expect(typeof line.durationMs).toBe('number');
      expect(line.requestId).toBe(responses[i]?.headers.get('x-request-id'));
      expect(line.requestId).toMatch(ID_SHAPE);
    }
    expect(requestLines.map((line) => line.route)).toEqual([
      '/api/v1/auth/register', '/api/v1/auth/login', '/api/v1/post', '/api/v1/posts', '/api/v1/auth/login',
      '/api/v1/auth/check-email', '/api/v1/sync/push', 'unmatched',
    ]);
    const all = raw.join('\n');
    for (const secret of [token, first, password, email, email.split('@')[0] ?? email, 'Maria-Log-Test-5521', 'Joaquim-Log-Test-9043', 'Bearer']) {
      expect(all).not.toContain(secret);
    }
  });

  it('gives every answer its own id, errors, unknown routes and malformed addresses included', async () => {
    const answers = await Promise.all([
      api.call('GET', 'health'), api.call('GET', 'auth/me'), api.call('GET', 'no/such/route'), api.call('POST', 'guest/login', { rawBody: '{"broken' }),
      fetch(`${api.server.url}/api/v1/posts/%E0%A4%A`), fetch(`${api.server.url}/not-the-api`),
    ]);
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(ID_SHAPE);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("ignores a client's X-Request-Id when no proxy of ours is trusted", async () => {
    const answer = await api.call('GET', 'health', { headers: { 'x-request-id': 'client-chosen-id-123' } });
    expect(answer.headers.get('x-request-id')).toMatch(ID_SHAPE);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  const api = useApi({ seed: false, trustProxy: 1 });

  it("keeps the proxy's X-Request-Id when it has a sane shape, and makes one otherwise", async () => {
    const uuid = '3f2c9a4e-7b1d-4c2a-9e8f-0a1b2c3d4e5f';
    expect((await api.call('GET', 'health', { headers: { 'x-request-id': uuid } })).headers.get('x-request-id')).toBe(uuid);
    for (const bad of ['short', 'x'.repeat(129), 'has spaces in it', 'line\\nbreak-1234', '<script>alert(1)</script>']) {
      const answer = await api.call('GET', 'health', { headers: { 'x-request-id': bad } });
      expect(answer.headers.get('x-request-id')).toMatch(ID_SHAPE);
    }
  });
});

describe('an error as logged', () => {
  it("keeps a failed query's SQL and its cause's code, never its parameters or the row it quotes", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505', constraint: 'users_email_unique', detail: 'Key (email)=(someone@example.test) already exists.',
    });
    const error = new DrizzleQueryError('insert into "users" ("email", "password") values ($1, $2)', ['someone@example.test', 'hunter2-secret'], cause);
    const logged = loggedError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('someone@example.test');
    expect(text).not.toContain('hunter2-secret');
    expect(logged.message).toBe('Failed query: insert into "users" ("email", "password") values ($1, $2)');
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(logged.stack).toMatch(/^ {4}at /);
  });
});
