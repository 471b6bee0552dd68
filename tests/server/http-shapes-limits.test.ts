// Edges of the HTTP layer that the fuzz test (fuzz.test.ts) found or relies on, pinned as plain
// cases over a real socket: router errors in the one error shape, NUL characters refused as bad
// input (PostgreSQL text cannot hold them), and body failures that stop a request before its handler.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Envelope } from '../../common/contract';
import { feedTotal, useApi } from './api';

const api = useApi();
let token: string;
beforeAll(async () => {
  token = await api.login();
});


describe('router errors in the API error shape', () => {
  it('answers a broken percent-encoding in the path with 400', async () => {
    const r = await api.call<ApiError>('GET', 'post/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ message: 'Malformed URL', status: 400, code: 'request.malformed_url' });
  });

  it('answers a path parameter over 100 characters with 414', async () => {
    const r = await api.call<ApiError>('POST', `post/${'9'.repeat(101)}/pray`, { token });
    expect(r.status).toBe(414);
    expect(r.json).toEqual({ message: 'A path parameter is too long', status: 414, code: 'request.param_too_long' });
  });

  it('sends the security headers on errors too', async () => {
    const r = await api.call<ApiError>('GET', 'no/such/route');
    expect(r.status).toBe(404);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('NUL characters are bad input, never a 500', () => {
  it('refuses NUL in a query value with 422 on that field', async () => {
    const r = await api.call<ApiError>('GET', 'posts?search=a%00b', { token });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ search: ['Text must not contain NUL characters'] });
  });

  it('refuses NUL in body text with 422 and stores nothing', async () => {
    const before = await feedTotal(api, token);
    const r = await api.call<ApiError>('POST', 'post', { token, body: { text: 'pray\u0000for me', type: 'REQUEST' } });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ text: ['Text must not contain NUL characters'] });
    expect(await feedTotal(api, token)).toBe(before);
  });

  it('ignores NUL in an unknown field, like the field itself', async () => {
    const r = await api.call('POST', 'post', { token, body: { text: 'Unknown fields are ignored', type: 'REQUEST', junk: '\u0000' } });
    expect(r.status).toBe(201);
  });
});

describe('a body that cannot be read stops the request before its handler', () => {
  it('does not pray when the body of a pray call is malformed JSON', async () => {
    const post = await api.createPost(token, { text: 'Guarded by the parser', type: 'REQUEST' });
    const r = await api.call<ApiError>('POST', `post/${post.id}/pray`, { token, rawBody: '{"oops"' });
    expect(r.status).toBe(400);
    const after = await api.call<Envelope<{ post: { prayedCount: number } }>>('GET', `post/${post.id}`, { token });
    expect(after.json.data.post.prayedCount).toBe(0);
  });

  it('answers a body without a content type with 415', async () => {
    const response = await fetch(`${api.server.url}/api/v1/post`, {
      method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new Blob(['{"text":"hi","type":"REQUEST"}']),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'Unsupported content type', status: 415, code: 'request.unsupported_type' });
  });

  it('answers an oversized body with 413 even without a token', async () => {
    const r = await api.call<ApiError>('POST', 'post', { body: { text: 'x'.repeat(70_000), type: 'REQUEST' } });
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ message: 'Request body is too large', status: 413, code: 'request.too_large' });
  });
});
