// docs/product.md §5/§7 bot check on the wire, against the real server with its check switched on and a
// local stand-in for Google's verify endpoint: the token travels in the google-recaptcha-token
// header (and in the payload for login and register), is fetched fresh for each attempt, and an
// outbox entry whose token cannot be had is kept for later, never refused.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BotCheckAction } from '../../common/constants';
import { createRequest } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import { createApiClient, type ApiClient } from '../../worker/api-client';
import { guestLogin, login } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import { createSyncEngine } from '../../worker/engine';
import { startTestServer, type TestServer } from '../helpers/test-server';

const DEMO = { email: 'demo@prayer.local', password: 'pray-with-us' };

type Sent = { path: string; header: string | null; body: unknown };

let verifier: Server;
let verified: string[] = [];
let server: TestServer;
let apiBase: string;
let sent: Sent[] = [];

/** Tokens 'ok:<action>' verify with that action and a good score; anything else fails. */
function startVerifier(): Promise<string> {
  verifier = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const token = new URLSearchParams(raw).get('response') ?? '';
      verified.push(token);
      const [kind, action] = token.split(':');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(kind === 'ok' ? { success: true, action, score: 0.9 } : { success: false }));
    });
  });
  return new Promise((resolve, reject) =>
    verifier.listen(0, '127.0.0.1', () => {
      const address = verifier.address();
      if (address === null || typeof address === 'string') reject(new Error('the verifier has no TCP address'));
      else resolve(`http://127.0.0.1:${address.port}`);
    }),
  );
}

const recordingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const header = new Headers(init?.headers).get('google-recaptcha-token');
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
  sent.push({ path: url.pathname.replace(/^\/api\/v1\//, ''), header, body });
  return fetch(input, init);
};

function client(botToken?: (action: BotCheckAction) => Promise<string | null>): ApiClient {
  return createApiClient({ apiBase, fetch: recordingFetch, ...(botToken ? { botToken } : {}) });
}

let issued = 0;
const goodTokens = async (action: BotCheckAction) => `ok:${action}:${(issued += 1)}`;

beforeAll(async () => {
  const verifyUrl = `${await startVerifier()}/siteverify`;
  server = await startTestServer({ config: { recaptcha: { secret: 's', verifyUrl, minScore: 0.5, actions: ['login', 'post', 'register', 'mail'] } } });
  apiBase = `${server.url}/api/v1`;
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => verifier.close(resolve));
});

beforeEach(async () => {
  await clearAllTables();
  sent = [];
  verified = [];
});

describe('bot check on the wire', () => {
  it('login sends the token in the header and in the payload', async () => {
    const result = await login(client(goodTokens), DEMO);
    expect(result.ok).toBe(true);
    const call = sent.find((s) => s.path === 'auth/login');
    expect(call?.header).toMatch(/^ok:login:/);
    expect(call?.body).toMatchObject({ ...DEMO, 'g-recaptcha-response': call?.header });
    expect(verified).toEqual([call?.header]);
  });

  it('login without a token is refused by a server that checks', async () => {
    const result = await login(client(), DEMO);
    expect(result).toMatchObject({ ok: false, error: { status: 422 } });
  });

  it('an offline-written post gets a fresh token for the post action when it is sent', async () => {
    const api = client(goodTokens);
    expect((await guestLogin(api)).ok).toBe(true);
    await createRequest({ text: 'Please pray for my exams', type: 'REQUEST', is_anonymous: false });
    expect(await drainOutbox(api)).toMatchObject({ sent: 1, refused: 0, remaining: 0 });
    const call = sent.find((s) => s.path === 'post');
    expect(call?.header).toMatch(/^ok:post:/);
    expect(call?.body).not.toHaveProperty('g-recaptcha-response');
  });

  it('keeps the entry (no request, no refusal) while no token can be had', async () => {
    expect((await guestLogin(client(goodTokens))).ok).toBe(true);
    await createRequest({ text: 'Pray for rain', type: 'REQUEST', is_anonymous: false });
    const unavailable = client(async () => Promise.reject(new Error('script blocked')));
    const report = await drainOutbox(unavailable, { ignoreBackoff: true });
    expect(report).toMatchObject({ sent: 0, refused: 0, remaining: 1 });
    expect(sent.some((s) => s.path === 'post')).toBe(false);
    expect(await db.failed.count()).toBe(0);
    expect((await db.outbox.orderBy('seq').first())?.lastError).toMatch(/bot check could not be completed/);
    // The page is back: the same entry goes out.
    expect(await drainOutbox(client(goodTokens), { ignoreBackoff: true })).toMatchObject({ sent: 1, remaining: 0 });
  });

  it('holds a queued post the server refused for its bot check, instead of rolling it back', async () => {
    expect((await guestLogin(client(goodTokens))).ok).toBe(true);
    const { id } = await createRequest({ text: 'Pray for my family', type: 'REQUEST', is_anonymous: false });
    const lowScore = client(async () => 'bad:post');
    expect(await drainOutbox(lowScore, { ignoreBackoff: true })).toMatchObject({ sent: 0, refused: 0, remaining: 1 });
    expect(sent.filter((s) => s.path === 'post')).toHaveLength(1);
    expect(await db.failed.count()).toBe(0);
    expect(await db.posts.get(id)).toBeDefined();
    expect((await db.outbox.orderBy('seq').first())?.lastError).toMatch(/Held for a new bot check/);
    // A fresh token later: the same entry goes out once.
    expect(await drainOutbox(client(goodTokens), { ignoreBackoff: true })).toMatchObject({ sent: 1, remaining: 0 });
  });

  it('a login refused by the bot check is an answer for the form (422), not held', async () => {
    const result = await login(client(async () => 'bad:login'), DEMO);
    expect(result).toMatchObject({ ok: false, error: { status: 422, errors: { 'google-recaptcha-token': expect.any(Array) } } });
  });

  it('the sync engine asks the page hook for the token', async () => {
    const asked: BotCheckAction[] = [];
    const engine = createSyncEngine({ fetch: recordingFetch });
    await engine.start(
      { apiBase, online: true, visible: false },
      {
        requestBackgroundSync: () => undefined,
        getBotToken: async (action) => {
          asked.push(action);
          return goodTokens(action);
        },
      },
    );
    const result = await engine.login(DEMO);
    await engine.stop();
    expect(result.ok).toBe(true);
    expect(asked).toContain('login');
  });
});
