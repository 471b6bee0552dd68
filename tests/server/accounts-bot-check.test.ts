// The bot check (docs/product.md §5, §7 header google-recaptcha-token, §9 actions) against a local fake
// verify server: login, register, forgot-password (mail) and POST post.
import { describe, expect, it } from 'vitest';
import type { ApiError, AuthResponse, Envelope, PostResponse } from '../../common/contract';
import type { RecaptchaConfig } from '../../server/accounts-config';
import { DEMO, startApi, uniqueEmail, useApi } from './api';
import { useFakeServer } from './accounts-support';

const MISSING = 'Complete the bot check and try again';
const FAILED = 'The bot check failed. Please try again.';

/** Tokens of the fake: 'ok:<action>:<score>' verifies with that action and score; anything else fails. */
function recaptcha(overrides: Partial<RecaptchaConfig> = {}): RecaptchaConfig {
  return { secret: 'bot-secret', verifyUrl: `${verifier.url}/siteverify`, minScore: 0.5, actions: ['login', 'post', 'register', 'mail'], ...overrides };
}

const verifier = useFakeServer((request) => {
  const form = new URLSearchParams(request.body);
  const [kind, action, score] = (form.get('response') ?? '').split(':');
  if (form.get('secret') !== 'bot-secret' || kind !== 'ok') return { json: { success: false, 'error-codes': ['invalid-input-response'] } };
  return { json: { success: true, action, score: Number(score) } };
});
const api = useApi(() => ({ config: { recaptcha: recaptcha() } }));

const bot = (token: string) => ({ 'google-recaptcha-token': token });
const login = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
  api.call<ApiError>('POST', 'auth/login', { body: { ...DEMO, ...extra }, headers });

describe('bot check on auth/login', () => {
  it('lets a verified token of the login action through, and sends the secret and token to the verifier', async () => {
    expect((await login(bot('ok:login:0.9'))).status).toBe(200);
    const sent = new URLSearchParams(verifier.requests.at(-1)?.body);
    expect(sent.get('secret')).toBe('bot-secret');
    expect(sent.get('response')).toBe('ok:login:0.9');
  });

  it('refuses a missing token with 422 and a field message', async () => {
    const r = await login({});
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      status: 422, message: MISSING, code: 'auth.bot_check_missing',
      errors: { 'google-recaptcha-token': [MISSING] }, fieldCodes: { 'google-recaptcha-token': [{ code: 'auth.bot_check_missing' }] },
    });
  });

  it.each([['a failed token', 'forged'], ['a token of another action', 'ok:post:0.9'], ['a low score', 'ok:login:0.2']])(
    'refuses %s with 422', async (_name, token) => {
      expect((await login(bot(token))).json).toMatchObject({ status: 422, message: FAILED });
    },
  );

  it('accepts the check response sent in the payload instead of the header (docs/product.md §5)', async () => {
    expect((await login({}, { 'g-recaptcha-response': 'ok:login:0.7' })).status).toBe(200);
  });
});

describe('bot check on auth/register and auth/forgot-password', () => {
  it('uses the register action for registration', async () => {
    const body = { name: 'Bot Checked', email: uniqueEmail('bot'), password: 'long-enough-pw' };
    expect((await api.call('POST', 'auth/register', { body, headers: bot('ok:login:0.9') })).status).toBe(422);
    expect((await api.call('POST', 'auth/register', { body, headers: bot('ok:register:0.9') })).status).toBe(201);
  });

  it('uses the mail action for forgot-password', async () => {
    const body = { email: DEMO.email };
    expect((await api.call('POST', 'auth/forgot-password', { body })).status).toBe(422);
    expect((await api.call('POST', 'auth/forgot-password', { body, headers: bot('ok:mail:0.9') })).status).toBe(200);
  });
});

describe('bot check on POST post', () => {
  it('needs a post token; a replay of a stored Idempotency-Key is answered even with a spent token', async () => {
    const member = (await api.call<Envelope<AuthResponse>>('POST', 'auth/login', { body: DEMO, headers: bot('ok:login:0.9') })).json.data.authorization.token;
    const body = { text: 'Checked request', type: 'REQUEST' };
    expect((await api.call('POST', 'post', { token: member, body })).status).toBe(422);
    const key = { 'idempotency-key': 'bot-post-1' };
    const first = await api.call<Envelope<PostResponse>>('POST', 'post', { token: member, body, headers: { ...key, ...bot('ok:post:0.9') } });
    expect(first.status).toBe(201);
    const replay = await api.call<Envelope<PostResponse>>('POST', 'post', { token: member, body, headers: { ...key, ...bot('spent') } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
  });
});

describe('bot check configuration', () => {
  it('answers 503 when the verifier cannot be reached (the outbox retries 5xx)', async () => {
    const down = await startApi({ config: { recaptcha: recaptcha({ verifyUrl: 'http://127.0.0.1:9/siteverify' }) } });
    try {
      expect((await down.call<ApiError>('POST', 'auth/login', { body: DEMO, headers: bot('ok:login:0.9') })).json)
        .toEqual({ status: 503, message: 'The bot check could not be completed. Try again in a moment.', code: 'auth.bot_check_unavailable' });
    } finally {
      await down.close();
    }
  });

  it('checks only the configured actions, and nothing when no secret is set', async () => {
    const postsExempt = await startApi({ config: { recaptcha: recaptcha({ actions: ['login'] }) } });
    const off = await startApi();
    try {
      const member = (await postsExempt.register()).authorization.token;
      expect((await postsExempt.call('POST', 'post', { token: member, body: { text: 'Offline-friendly', type: 'REQUEST' } })).status).toBe(201);
      expect((await postsExempt.call('POST', 'auth/login', { body: DEMO })).status).toBe(422);
      expect((await off.call('POST', 'auth/login', { body: DEMO })).status).toBe(200);
    } finally {
      await postsExempt.close();
      await off.close();
    }
  });
});
