// Shared cast for the permission matrix (docs/product.md §6): an owner, another member, a guest and
// an anonymous visitor (no token), for posts and for lists. Each test file starts its own server, so
// nothing leaks between files.
import { expect } from 'vitest';
import type { ApiComment, ApiPost, CommentChangeResponse, Envelope } from '../../common/contract';
import { scopedObject } from '../helpers/scoped-fixture';
import { ok, type Api, type CallOptions } from './api';

export type Actors = { owner: string; other: string; guest: string };
/** The names the owner and the other member register with (a test may read them back). */
export type ActorNames = { owner: string; other: string };

export const POST_ACTORS: ActorNames = { owner: 'Owner Olivia', other: 'Other Oscar' };
export const LIST_ACTORS: ActorNames = { owner: 'List Owner', other: 'Other Member' };

export async function makeActors(api: Api, names: ActorNames = POST_ACTORS): Promise<Actors> {
  const owner = (await api.register(names.owner)).authorization.token;
  const other = (await api.register(names.other)).authorization.token;
  const guest = (await api.guest()).authorization.token;
  return { owner, other, guest };
}

/** The file's actors, made on `api` (tests/server/api.ts useApi) before its tests; read inside a test or hook. */
export function useActors(api: Api, names: ActorNames = POST_ACTORS): Actors {
  return scopedObject('The actors', () => makeActors(api, names));
}

export function newRequest(api: Api, token: string, text = 'Please pray for my family this week.', extra: Record<string, unknown> = {}): Promise<ApiPost> {
  return api.createPost(token, { text, type: 'REQUEST', ...extra });
}

/** A comment by `token` on post `postId`, answered 201 (or the test fails). */
export async function newComment(api: Api, token: string, postId: number, text = 'Praying with you'): Promise<ApiComment> {
  return ok(await api.call<Envelope<CommentChangeResponse>>('POST', `post/${postId}/comment`, { token, body: { comment: text } }), 201).data.comment;
}

/** Calls `path` as each actor but the owner (and anonymously) and returns the statuses, for permission tables. */
export async function statuses(
  api: Api, actors: Actors, method: string, path: string, options: Omit<CallOptions, 'token'> = {},
): Promise<Record<'other' | 'guest' | 'anonymous', number>> {
  const as = async (token: string | undefined) =>
    (await api.call(method, path, { ...options, ...(token === undefined ? {} : { token }) })).status;
  return { other: await as(actors.other), guest: await as(actors.guest), anonymous: await as(undefined) };
}

/** Calls as other member, guest and anonymous visitor; each must be refused with its status. */
export async function expectRefusedForNonOwners(
  api: Api, actors: Actors, method: string, path: string, options: Omit<CallOptions, 'token'> = {},
  expected: { other: number; guest: number; anonymous: number } = { other: 403, guest: 403, anonymous: 401 },
): Promise<void> {
  expect(await statuses(api, actors, method, path, options)).toEqual(expected);
}
