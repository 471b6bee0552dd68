// Shared steps of the lists tests (the cast: post-actors.ts, LIST_ACTORS): create a list or an item,
// archive one, failing loudly when the server does not answer as expected.
import type {
  ApiList, ApiListItem, Envelope, ListItemChangeResponse, ListResponse,
} from '../../common/contract';
import { ok, type Api } from './api';

export async function createList(api: Api, token: string, body: Record<string, unknown> = {}): Promise<ApiList> {
  const r = await api.call<Envelope<ListResponse>>('POST', 'list', { token, body: { name: 'Test list', visibility: 'PUBLIC', ...body } });
  return ok(r, 201).data.list;
}

export async function createItem(api: Api, token: string, listId: number, body: Record<string, unknown> = {}): Promise<ApiListItem> {
  const r = await api.call<Envelope<ListItemChangeResponse>>('POST', `list/${listId}/item`, { token, body: { text: 'Pray for rain', ...body } });
  return ok(r, 201).data.item;
}

export async function archive(api: Api, token: string, item: ApiListItem): Promise<void> {
  ok(await api.call('DELETE', `list/${item.post_list_id}/item/${item.id}/archive`, { token }), 200);
}
