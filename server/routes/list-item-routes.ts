// List items (docs/product.md §7 List items). Reads resolve the caller optionally; writes are mutation()s
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol'), by a member or a guest acting as
// their own identity (docs/product.md §6).
import type { FastifyInstance } from 'fastify';
import type {
  ApiListItem, ApiUserSummary, Envelope, ListDetailResponse, ListItemResponse, ListItemsResponse, Page,
} from '../../common/contract';
import { biblicalPrayers, bookmarkedItems, itemPrayedUsers, prayForItem, toggleItemBookmark } from '../domain/list-item-actions';
import {
  archiveItem, createItem, deleteItem, listItemsPage, requireVisibleItem, restoreItem, updateItem,
} from '../domain/list-items';
import { requireVisibleList } from '../domain/lists';
import { optionalSession, requireSession } from '../http/auth-context';
import { resolveChannel } from '../http/channel';
import {
  createItemSchema, itemParams, listDetailQuerySchema, listParams, listQuerySchema, pageOnlySchema, updateItemSchema,
} from '../http/list-schemas';
import { mutation } from '../http/mutation';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export function registerListItemRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/list/item/bookmark', async (request): Promise<Envelope<ListItemsResponse>> => {
    const session = await requireSession(db, request);
    const { page } = parseInput(pageOnlySchema, request.query);
    return { data: { items: await bookmarkedItems(db, session.user.id, page) } };
  });

  app.get('/list/item/biblical-prayers', async (request): Promise<Envelope<ListDetailResponse>> => {
    const session = await optionalSession(db, request);
    const query = parseInput(listQuerySchema, request.query);
    return { data: await biblicalPrayers(db, resolveChannel(request, session), session?.user.id ?? null, query) };
  });

  app.get('/list/:listId/item', async (request): Promise<Envelope<ListItemsResponse>> => {
    const session = await optionalSession(db, request);
    const { listId } = parseInput(listParams, request.params);
    const query = parseInput(listDetailQuerySchema, request.query);
    const viewerId = session?.user.id ?? null;
    return { data: { items: await listItemsPage(db, await requireVisibleList(db, listId, viewerId), viewerId, query) } };
  });

  app.get('/list/:listId/item/:id', async (request): Promise<Envelope<ListItemResponse>> => {
    const session = await optionalSession(db, request);
    const { listId, id } = parseInput(itemParams, request.params);
    return { data: { item: await requireVisibleItem(db, listId, id, session?.user.id ?? null) } };
  });

  app.get('/list/:listId/item/:id/users-prayed', async (request): Promise<Envelope<Page<ApiUserSummary>>> => {
    const session = await optionalSession(db, request);
    const { listId, id } = parseInput(itemParams, request.params);
    const { page } = parseInput(pageOnlySchema, request.query);
    return { data: await itemPrayedUsers(db, listId, id, session?.user.id ?? null, page) };
  });

  app.post('/list/:listId/item', mutation(db, async ({ tx, session, request }) => {
    const { listId } = parseInput(listParams, request.params);
    const body = parseInput(createItemSchema, request.body);
    const input = { text: body.text, title: body.title, reference: body.reference, postId: body.post_id };
    return { status: 201, data: await createItem(tx, listId, session.user.id, input) };
  }));

  app.put('/list/:listId/item/:id', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    const edit = parseInput(updateItemSchema, request.body);
    const item: ApiListItem = await updateItem(tx, listId, id, session.user.id, edit);
    return { data: { item } satisfies ListItemResponse };
  }));

  app.delete('/list/:listId/item/:id', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    return { data: await deleteItem(tx, listId, id, session.user.id) };
  }));

  app.delete('/list/:listId/item/:id/archive', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    return { data: await archiveItem(tx, listId, id, session.user.id) };
  }));

  app.put('/list/:listId/item/:id/restore', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    return { data: await restoreItem(tx, listId, id, session.user.id) };
  }));

  app.post('/list/:listId/item/:id/pray', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    return { data: await prayForItem(tx, listId, id, session.user.id) };
  }));

  app.post('/list/:listId/item/:id/bookmark', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    return { data: await toggleItemBookmark(tx, listId, id, session.user.id) };
  }));
}
