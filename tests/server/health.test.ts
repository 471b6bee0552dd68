// Issue #14 item 5 (first step): GET /api/v1/health answers 200 while the process is up and its
// database answers, and 503 in the API's error shape once the database is gone.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_ANSWER_HEADER, API_ANSWER_VALUE } from '../../common/constants';
import type { ApiError } from '../../common/contract';
import { registerErrorHandlers } from '../../server/http/errors';
import { registerHealthRoutes } from '../../server/routes/health-routes';
import { openTestDb } from '../helpers/test-db';
import { useApi } from './api';

const api = useApi();

describe('GET health', () => {
  it('answers 200 with the process and the database up, with no session and nothing cached', async () => {
    const health = await api.call<{ data: unknown }>('GET', 'health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ data: { status: 'ok', database: 'ok' } });
    expect(health.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 service.unavailable when the database does not answer', async () => {
    const { handle, dispose } = await openTestDb();
    await handle.close();
    const app = Fastify();
    registerErrorHandlers(app);
    await app.register((scope, _options, done) => {
      registerHealthRoutes(scope, { db: handle.db });
      done();
    }, { prefix: '/api/v1' });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json<ApiError>()).toMatchObject({ status: 503, code: 'service.unavailable' });
    } finally {
      await app.close();
      await dispose().catch(() => undefined);
    }
  });
});

describe("the API's mark on its answers (docs/api.md 'Conventions')", () => {
  it('is on every /api/v1 answer: success, refusal, unknown route, malformed body', async () => {
    const answers = await Promise.all([
      api.call('GET', 'health'),
      api.call('GET', 'auth/me'),
      api.call('GET', 'no/such/route'),
      api.call('POST', 'guest/login', { rawBody: '{"broken' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 400]);
    for (const answer of answers) expect(answer.headers.get(API_ANSWER_HEADER)).toBe(API_ANSWER_VALUE);
  });

  it('is not on what the server answers outside /api/v1', async () => {
    const response = await fetch(`${api.server.url}/no-such-page`);
    await response.arrayBuffer();
    expect(response.headers.has(API_ANSWER_HEADER)).toBe(false);
  });
});
