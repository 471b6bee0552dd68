// docs/architecture/server.md 'Reference server' / docs/product.md §7: success is wrapped in
// `data`; every error is { message, status, errors? }.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Envelope, PostPage } from '../../common/contract';
import { useApi } from './api';

const api = useApi();
let token: string;
beforeAll(async () => {
  token = await api.login();
});

describe('envelopes and the error shape', () => {
  it('wraps a page in data with current_page, last_page and total', async () => {
    const r = await api.call<Envelope<PostPage>>('GET', 'posts', { token });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['data']);
    expect(r.json.data).toMatchObject({ current_page: 1, last_page: 1, total: 10 });
    expect(r.json.data.data).toHaveLength(10);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const r = await api.call<ApiError>('GET', 'no/such/route');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ message: 'Route GET /api/v1/no/such/route not found', status: 404, code: 'route.not_found' });
    expect((await api.call<ApiError>('DELETE', 'posts')).json.status).toBe(404);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const r = await api.call<ApiError>('POST', 'post', { token, rawBody: '{"text": "unterminated' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ message: 'Malformed JSON in request body', status: 400, code: 'request.malformed_json' });
    const login = await api.call<ApiError>('POST', 'auth/login', { rawBody: '[1,' });
    expect(login.status).toBe(400);
  });

  it('answers a JSON body that is not an object with 422', async () => {
    const r = await api.call<ApiError>('POST', 'post', { token, rawBody: '"just a string"' });
    expect(r.status).toBe(422);
    expect(r.json.status).toBe(422);
  });

  it('answers an oversized body with 413', async () => {
    const r = await api.call<ApiError>('POST', 'post', { token, body: { text: 'x'.repeat(200_000), type: 'REQUEST' } });
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ message: 'Request body is too large', status: 413, code: 'request.too_large' });
  });

  it('answers an unsupported content type with a 4xx in the same shape', async () => {
    const r = await api.call<ApiError>('POST', 'post', { token, rawBody: 'text=hi', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(415);
    expect(r.json.status).toBe(415);
    expect(typeof r.json.message).toBe('string');
  });

  it('answers invalid query values with 422 and a message per field', async () => {
    const r = await api.call<ApiError>('GET', 'posts?type=NOPE&page=0&since=yesterday', { token });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors ?? {}).sort()).toEqual(['page', 'since', 'type']);
  });

  it('sends security headers with a CSP that allows the app and its workers', async () => {
    const r = await api.call('GET', 'posts');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
