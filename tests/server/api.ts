// A tiny fetch wrapper for the server tests: raw status, headers and parsed JSON, nothing hidden.
import type { ApiPost, AuthResponse, Envelope, GuestAuthResponse, PostPage } from '../../common/contract';
import { expect } from 'vitest';
import { scopedObject } from '../helpers/scoped-fixture';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server';

export type CallOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };
export type CallResult<T = unknown> = { status: number; headers: Headers; json: T };

export type Api = {
  server: TestServer;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  login(email?: string, password?: string): Promise<string>;
  register(name?: string): Promise<AuthResponse>;
  guest(): Promise<GuestAuthResponse>;
  createPost(token: string, body: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiPost>;
  close(): Promise<void>;
};

export const DEMO = { email: 'demo@prayer.local', password: 'pray-with-us' };

let counter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}-${process.pid}-${Date.now()}-${(counter += 1)}@example.test`;

/** The answer's body when its status is `status`; otherwise an error naming both. */
export function ok<T>(r: CallResult<T>, status = 200): T {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
}

/** A call as `token` that must succeed (any 2xx, or the test fails with the answer): its data. */
export async function callOk<T = unknown>(api: Api, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const r = await api.call<Envelope<T>>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
  return r.json.data;
}

export async function startApi(options?: TestServerOptions): Promise<Api> {
  const server = await startTestServer(options);
  const base = `${server.url}/api/v1`;
  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${base}/${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: (text === '' ? null : JSON.parse(text)) as T };
  }
  const expectData = async <T>(result: Promise<CallResult<Envelope<T>>>, status: number): Promise<T> => ok(await result, status).data;
  return {
    server,
    call,
    login: async (email = DEMO.email, password = DEMO.password) =>
      (await expectData(call<Envelope<AuthResponse>>('POST', 'auth/login', { body: { email, password } }), 200)).authorization.token,
    register: (name = 'Test Member') =>
      expectData(call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name, email: uniqueEmail(), password: 'long-enough-pw' } }), 201),
    guest: () => expectData(call<Envelope<GuestAuthResponse>>('POST', 'guest/login', { body: {} }), 200),
    createPost: async (token, body, headers) =>
      (await expectData(call<Envelope<{ post: ApiPost }>>('POST', 'post', { token, body, ...(headers ? { headers } : {}) }), 201)).post,
    close: () => server.close(),
  };
}

/**
 * The file's server (or the describe block's, called inside one): started before its tests, closed
 * after them. `options` may be a function, read when the server starts (a fake service's address
 * made by an earlier hook: tests/server/notifications-fake-fcm.ts useFakeFcm).
 */
export function useApi(options?: TestServerOptions | (() => TestServerOptions)): Api {
  return scopedObject('The API server', () => startApi(typeof options === 'function' ? options() : options), (api) => api.close());
}

/** The feed's total as `token` sees it: a cheap check that a refused request changed nothing. */
export async function feedTotal(api: Api, token: string): Promise<number> {
  return (await api.call<Envelope<PostPage>>('GET', 'posts', { token })).json.data.total;
}
