// Shared fixtures of the lists tests: one server, an owner, another member, a guest, and helpers
// that create a list or an item and fail loudly when the server does not answer as expected.
import type {
  ApiList, ApiListItem, Envelope, ListItemChangeResponse, ListResponse,
} from '../../common/contract';
import { startApi, type Api, type CallOptions, type CallResult } from './api';

export type Actors = { owner: string; other: string; guest: string };
export type ListsContext = { api: Api; actors: Actors };

export async function startListsContext(): Promise<ListsContext> {
  const api = await startApi();
  const owner = (await api.register('List Owner')).authorization.token;
  const other = (await api.register('Other Member')).authorization.token;
  const guest = (await api.guest()).authorization.token;
  return { api, actors: { owner, other, guest } };
}

function expectStatus<T>(r: CallResult<T>, status: number): T {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
}

export async function createList(api: Api, token: string, body: Record<string, unknown> = {}): Promise<ApiList> {
  const r = await api.call<Envelope<ListResponse>>('POST', 'list', { token, body: { name: 'Test list', visibility: 'PUBLIC', ...body } });
  return expectStatus(r, 201).data.list;
}

export async function createItem(api: Api, token: string, listId: number, body: Record<string, unknown> = {}): Promise<ApiListItem> {
  const r = await api.call<Envelope<ListItemChangeResponse>>('POST', `list/${listId}/item`, { token, body: { text: 'Pray for rain', ...body } });
  return expectStatus(r, 201).data.item;
}

export async function archive(api: Api, token: string, item: ApiListItem): Promise<void> {
  expectStatus(await api.call('DELETE', `list/${item.post_list_id}/item/${item.id}/archive`, { token }), 200);
}

/** Calls `path` as each actor (and anonymously) and returns the statuses, for permission tables. */
export async function statuses(
  api: Api, actors: Actors, method: string, path: string, options: Omit<CallOptions, 'token'> = {},
): Promise<Record<'other' | 'guest' | 'anonymous', number>> {
  const as = async (token: string | undefined) =>
    (await api.call(method, path, { ...options, ...(token === undefined ? {} : { token }) })).status;
  return { other: await as(actors.other), guest: await as(actors.guest), anonymous: await as(undefined) };
}
