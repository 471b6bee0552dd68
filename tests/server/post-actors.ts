// Shared cast for the Posts permission matrix (docs/product.md §6): a post owner, another member, a guest and
// an anonymous visitor (no token). Each test file starts its own server, so nothing leaks between files.
import { expect } from 'vitest';
import type { ApiPost } from '../../common/contract';
import type { Api, CallOptions } from './api';

export type Actors = { owner: string; other: string; guest: string };

export async function makeActors(api: Api): Promise<Actors> {
  const owner = (await api.register('Owner Olivia')).authorization.token;
  const other = (await api.register('Other Oscar')).authorization.token;
  const guest = (await api.guest()).authorization.token;
  return { owner, other, guest };
}

export function newRequest(api: Api, token: string, text = 'Please pray for my family this week.', extra: Record<string, unknown> = {}): Promise<ApiPost> {
  return api.createPost(token, { text, type: 'REQUEST', ...extra });
}

/** Calls as other member, guest and anonymous visitor; each must be refused with its status. */
export async function expectRefusedForNonOwners(
  api: Api, actors: Actors, method: string, path: string, options: Omit<CallOptions, 'token'> = {},
  expected: { other: number; guest: number; anonymous: number } = { other: 403, guest: 403, anonymous: 401 },
): Promise<void> {
  const statuses = {
    other: (await api.call(method, path, { ...options, token: actors.other })).status,
    guest: (await api.call(method, path, { ...options, token: actors.guest })).status,
    anonymous: (await api.call(method, path, options)).status,
  };
  expect(statuses).toEqual(expected);
}
