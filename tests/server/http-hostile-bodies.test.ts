// Hostile JSON bodies (issue #11 item 4): nesting past MAX_JSON_DEPTH and lone UTF-16 surrogates
// are refused by the body parser, in the one error shape, before any handler runs; they used to
// be 500s (the idempotency hash overflowed the stack; jsonb refused the surrogate). The fuzz test
// (fuzz.test.ts) sends the same shapes to every write route; these pin the exact answers.
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../common/contract';
import { pushTokens } from '../../server/db/schema/accounts';
import { LONE_SURROGATE_MESSAGE, MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP_MESSAGE } from '../../server/http/json-body';
import { feedTotal, useApi } from './api';

const api = useApi();
let token: string;
beforeAll(async () => {
  token = await api.login();
});

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const TOO_DEEP: ApiError = { message: TOO_DEEP_MESSAGE, status: 400, code: 'request.too_deep', params: { max: MAX_JSON_DEPTH } };


async function pushTokenCount(): Promise<number> {
  const [row] = await api.server.handle.db.select({ n: count() }).from(pushTokens);
  return row?.n ?? 0;
}

describe('nesting depth is bounded', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`{"a": "${'['.repeat(500)}\\"${'{'.repeat(500)}"}`, MAX_JSON_DEPTH)).toBe(false);
  });

  it.each([
    ['POST', 'post', (deep: string) => `{"text": "Deep", "type": "REQUEST", "extra": ${deep}}`],
    ['POST', 'post/1/pray', (deep: string) => deep],
    ['PUT', 'user/profile', (deep: string) => `{"name": ${deep}}`],
    ['PUT', 'notifications/token', (deep: string) => `{"token": "t", "extra": ${deep}}`],
    ['POST', 'sync/push', (deep: string) => `{"mutations": [{"key": "k1", "method": "POST", "path": "post", "body": {"text": ${deep}}}]}`],
  ])('answers %s %s with 5,000 levels with 400, with an Idempotency-Key too', async (method, path, body) => {
    const before = await feedTotal(api, token);
    const r = await api.call<ApiError>(method, path, { token, rawBody: body(nested(5000)), headers: { 'idempotency-key': `deep-${path}` } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual(TOO_DEEP);
    expect(await feedTotal(api, token)).toBe(before);
  });

  it('accepts a body exactly at the bound and refuses one level more', async () => {
    const at = await api.call<ApiError>('POST', 'post', { token, rawBody: `{"text": "At the bound", "type": "REQUEST", "extra": ${nested(MAX_JSON_DEPTH - 1)}}` });
    expect(at.status).toBe(201);
    const over = await api.call<ApiError>('POST', 'post', { token, rawBody: `{"text": "Over", "type": "REQUEST", "extra": ${nested(MAX_JSON_DEPTH)}}` });
    expect(over.json).toEqual(TOO_DEEP);
  });
});

describe('lone UTF-16 surrogates are refused with 422 on the field', () => {
  it('in PUT notifications/token, in a value or a key of the stored extras, and stores nothing', async () => {
    const before = await pushTokenCount();
    for (const [body, field] of [
      ['{"token": "device-\\ud800", "platform": "web"}', 'token'],
      ['{"token": "device-1", "device": "pixel \\udfff"}', 'device'],
      ['{"token": "device-1", "k\\ud83d": 1}', 'k\ud83d'],
    ] as const) {
      const r = await api.call<ApiError>('PUT', 'notifications/token', { token, rawBody: body });
      expect(r.status, body).toBe(422);
      expect(r.json).toEqual({
        message: LONE_SURROGATE_MESSAGE, status: 422, code: 'validation.lone_surrogate',
        errors: { [field]: [LONE_SURROGATE_MESSAGE] }, fieldCodes: { [field]: [{ code: 'validation.lone_surrogate' }] },
      });
    }
    expect(await pushTokenCount()).toBe(before);
  });

  it('in a post text and in a sync/push item body; a whole pair is fine', async () => {
    const before = await feedTotal(api, token);
    const single = await api.call<ApiError>('POST', 'post', { token, body: { text: 'Pray \ud83d for me', type: 'REQUEST' } });
    expect(single.json.errors).toEqual({ text: [LONE_SURROGATE_MESSAGE] });
    const push = await api.call<ApiError>('POST', 'sync/push', {
      token, body: { mutations: [{ key: 'lone-1', method: 'POST', path: 'post', body: { text: 'x\udc00', type: 'REQUEST' } }] },
    });
    expect(push.status).toBe(422);
    expect(push.json.errors).toEqual({ 'mutations.0.body.text': [LONE_SURROGATE_MESSAGE] });
    expect(await feedTotal(api, token)).toBe(before);
    const pair = await api.call('POST', 'post', { token, body: { text: 'Pray \ud83d\ude4f for me', type: 'REQUEST' } });
    expect(pair.status).toBe(201);
  });

  it('refuses a NUL in a key of the stored extras too (jsonb cannot hold one)', async () => {
    const r = await api.call<ApiError>('PUT', 'notifications/token', { token, rawBody: '{"token": "device-2", "a\\u0000b": 1}' });
    expect(r.status).toBe(422);
  });
});
