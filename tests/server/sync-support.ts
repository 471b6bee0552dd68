// Helpers of the sync tests (issue #10, common/sync-contract.ts): send a push, send one of its
// mutations as its single call, count rows, and read posts/changes.
import { expect } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { PostChanges, PushMutation, PushResponse, PushResult } from '../../common/sync-contract';
import type { Api, CallResult } from './api';

export function push(api: Api, token: string | undefined, mutations: unknown[], headers?: Record<string, string>): Promise<CallResult<Envelope<PushResponse>>> {
  return api.call<Envelope<PushResponse>>('POST', 'sync/push', { ...(token === undefined ? {} : { token }), body: { mutations }, ...(headers ? { headers } : {}) });
}

/** A push that must be answered 200; its results, in order. */
export async function pushOk(api: Api, token: string, mutations: PushMutation[], headers?: Record<string, string>): Promise<PushResult[]> {
  const r = await push(api, token, mutations, headers);
  if (r.status !== 200) throw new Error(`push answered ${r.status}: ${JSON.stringify(r.json)}`);
  expect(r.json.data.results.map((x) => x.key)).toEqual(mutations.map((m) => m.key));
  return r.json.data.results;
}

/** The same mutation as its single call, with its Idempotency-Key. */
export function single(api: Api, token: string, m: PushMutation): Promise<CallResult> {
  return api.call(m.method, m.path, { token, headers: { 'idempotency-key': m.key }, ...(m.body === undefined ? {} : { body: m.body }) });
}

/** Rows of `table` matching a simple `column = value` filter. */
export async function countRows(api: Api, table: string, column: string, value: number): Promise<number> {
  const rows = await api.server.handle.withSession((s) => s.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [value]));
  return rows[0]?.n ?? 0;
}

export async function changes(api: Api, since: string | undefined, token?: string, headers?: Record<string, string>): Promise<PostChanges> {
  const query = since === undefined ? '' : `?since=${since}`;
  const r = await api.call<Envelope<PostChanges>>('GET', `posts/changes${query}`, { ...(token === undefined ? {} : { token }), ...(headers ? { headers } : {}) });
  if (r.status !== 200) throw new Error(`posts/changes answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json.data;
}
