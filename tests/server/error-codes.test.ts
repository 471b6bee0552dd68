// Issue #12 point 3: every error answer carries a stable `code` (common/error-codes.ts) besides its
// English message, field errors a parallel `fieldCodes`, and a refusal inside a batched push the
// same codes. A few representative failures of each kind, asserted on the wire.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../common/contract';
import { isErrorCode } from '../../common/error-codes';
import { uniqueEmail, useApi } from './api';
import { newRequest } from './post-actors';
import { pushOk } from './sync-support';

const api = useApi();
let me: string;
beforeAll(async () => {
  me = (await api.register('Code Cora')).authorization.token;
});

describe('error codes', () => {
  it('name a wrong password, an unknown post, an unknown route, bad JSON and a missing session', async () => {
    const wrong = await api.call<ApiError>('POST', 'auth/login', { body: { email: 'nobody@example.test', password: 'wrong-password' } });
    expect(wrong.json).toEqual({ message: 'These credentials do not match our records', status: 401, code: 'auth.invalid_credentials' });
    expect((await api.call<ApiError>('GET', 'post/424242')).json).toMatchObject({ status: 404, code: 'post.not_found' });
    expect((await api.call<ApiError>('GET', 'no/such/route')).json).toMatchObject({ status: 404, code: 'route.not_found' });
    const bad = await api.call<ApiError>('POST', 'auth/login', { rawBody: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.json).toMatchObject({ status: 400, code: 'request.malformed_json' });
    expect((await api.call<ApiError>('GET', 'auth/me')).json).toMatchObject({ status: 401, code: 'auth.unauthenticated' });
  });

  it('give each field of a 422 its codes, parallel to the English messages', async () => {
    const empty = await api.call<ApiError>('POST', 'auth/register', { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.json.code).toBe('validation.required');
    expect(empty.json.fieldCodes).toEqual({
      name: [{ code: 'validation.required' }],
      email: [{ code: 'validation.required' }],
      password: [{ code: 'validation.required' }],
    });
    const bad = await api.call<ApiError>('POST', 'auth/register', { body: { name: 'x'.repeat(101), email: 'not-an-email', password: 'short' } });
    expect(bad.json.errors).toEqual({
      name: ['Keep your name under 100 characters'],
      email: ['Enter a valid email address'],
      password: ['Use at least 8 characters'],
    });
    expect(bad.json.fieldCodes).toEqual({
      name: [{ code: 'validation.too_long', params: { max: 100 } }],
      email: [{ code: 'validation.email' }],
      password: [{ code: 'validation.too_short', params: { min: 8 } }],
    });
    const email = uniqueEmail('codes');
    await api.call('POST', 'auth/register', { body: { name: 'First', email, password: 'long-enough-1' } });
    const taken = await api.call<ApiError>('POST', 'auth/register', { body: { name: 'Second', email, password: 'long-enough-1' } });
    expect(taken.json).toMatchObject({ status: 422, code: 'auth.email_taken', fieldCodes: { email: [{ code: 'auth.email_taken' }] } });
  });

  it('travel with a refusal inside a batched push', async () => {
    const author = (await api.register('Code Carl')).authorization.token;
    const post = await newRequest(api, author, 'Pray for the codes.');
    expect((await api.call('DELETE', `post/${post.id}`, { token: author })).status).toBeLessThan(300);
    const [refused, unknown] = await pushOk(api, me, [
      { key: 'codes-comment-1', method: 'POST', path: `post/${post.id}/comment`, body: { comment: 'Praying with you.' } },
      { key: 'codes-unknown-1', method: 'POST', path: 'no/such/route' },
    ]);
    expect(refused?.body).toMatchObject({ status: 404, code: 'post.not_found' });
    expect(unknown?.body).toMatchObject({ status: 404, code: 'route.not_found' });
  });

  it('are always one of the listed codes', async () => {
    const answers = await Promise.all([
      api.call<ApiError>('POST', 'post', { token: me, body: { text: '', type: 'NOPE' } }),
      api.call<ApiError>('PUT', 'user/settings', { token: me, body: { username: 'x'.repeat(500) } }),
      api.call<ApiError>('POST', 'guest/login', { body: { guest_token: 'no-such-token' } }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(isErrorCode(answer.json.code)).toBe(true);
      for (const codes of Object.values(answer.json.fieldCodes ?? {})) for (const { code } of codes) expect(isErrorCode(code)).toBe(true);
    }
  });
});
