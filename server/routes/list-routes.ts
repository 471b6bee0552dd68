// Lists (docs/product.md §7 Lists). Reads resolve the caller optionally (visitors see public lists); writes
// go through mutation() for exactly-once (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol'). Thin adapters over domain/list*.ts.
import type { FastifyInstance } from 'fastify';
import type {
  DeletedResponse, Envelope, ListCommunityResponse, ListDetailResponse, ListIndexResponse, ListResponse, ListSessionResponse,
  ListSuggestionsResponse, MyListsSessionResponse,
} from '../../common/contract';
import { communityPage, gardensPage, listIndex, suggestions } from '../domain/list-discovery';
import { getListDetail } from '../domain/list-items';
import { biblicalSession, gardenSession, listSession, myListsSession } from '../domain/list-sessions';
import { createList, deleteList, updateList } from '../domain/lists';
import { optionalSession, requireSession } from '../http/auth-context';
import { resolveChannel } from '../http/channel';
import { createListSchema, listDetailQuerySchema, listParams, listQuerySchema, updateListSchema } from '../http/list-schemas';
import { mutation } from '../http/mutation';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export function registerListRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/list', async (request): Promise<Envelope<ListIndexResponse>> => {
    const session = await optionalSession(db, request);
    const query = parseInput(listQuerySchema, request.query);
    return { data: await listIndex(db, resolveChannel(request, session), session?.user.id ?? null, query) };
  });

  app.get('/list/suggestions', async (request): Promise<Envelope<ListSuggestionsResponse>> => {
    const session = await optionalSession(db, request);
    return { data: { community: await suggestions(db, resolveChannel(request, session), session?.user.id ?? null) } };
  });

  app.get('/list/community', async (request): Promise<Envelope<ListCommunityResponse>> => {
    const session = await optionalSession(db, request);
    const query = parseInput(listQuerySchema, request.query);
    return { data: { community: await communityPage(db, resolveChannel(request, session), session?.user.id ?? null, query) } };
  });

  app.get('/list/gardens-prayer', async (request): Promise<Envelope<ListCommunityResponse>> => {
    const session = await optionalSession(db, request);
    const query = parseInput(listQuerySchema, request.query);
    return { data: { community: await gardensPage(db, resolveChannel(request, session), session?.user.id ?? null, query) } };
  });

  app.get('/list/:listId', async (request): Promise<Envelope<ListDetailResponse>> => {
    const session = await optionalSession(db, request);
    const { listId } = parseInput(listParams, request.params);
    const query = parseInput(listDetailQuerySchema, request.query);
    return { data: await getListDetail(db, listId, session?.user.id ?? null, query) };
  });

  app.post('/list', mutation(db, async ({ tx, session, request }) => {
    const input = parseInput(createListSchema, request.body);
    return { status: 201, data: { list: await createList(tx, session.user.id, resolveChannel(request, session), input) } satisfies ListResponse };
  }));

  app.put('/list/:listId', mutation(db, async ({ tx, session, request }) => {
    const { listId } = parseInput(listParams, request.params);
    const edit = parseInput(updateListSchema, request.body);
    return { data: { list: await updateList(tx, listId, session.user.id, edit) } satisfies ListResponse };
  }));

  app.delete('/list/:listId', mutation(db, async ({ tx, session, request }) => {
    const { listId } = parseInput(listParams, request.params);
    return { data: await deleteList(tx, listId, session.user.id) satisfies DeletedResponse };
  }));

  registerListSessionRoutes(app, { db });
}

/** Prayer sessions over lists (domain/list-sessions.ts). */
function registerListSessionRoutes(app: FastifyInstance, { db }: Pick<RouteDeps, 'db'>): void {
  app.get('/list/session/biblical-prayers', async (request): Promise<Envelope<ListSessionResponse>> => {
    const session = await optionalSession(db, request);
    return { data: await biblicalSession(db, resolveChannel(request, session), session?.user.id ?? null) };
  });

  app.get('/list/session/my-lists', async (request): Promise<Envelope<MyListsSessionResponse>> => {
    const session = await requireSession(db, request);
    return { data: await myListsSession(db, session.user.id, resolveChannel(request, session)) };
  });

  app.get('/list/:listId/session/specific', async (request): Promise<Envelope<ListSessionResponse>> => {
    const session = await optionalSession(db, request);
    const { listId } = parseInput(listParams, request.params);
    return { data: await listSession(db, listId, session?.user.id ?? null) };
  });

  app.get('/list/:listId/gardens-prayer/session', async (request): Promise<Envelope<ListSessionResponse>> => {
    const session = await optionalSession(db, request);
    const { listId } = parseInput(listParams, request.params);
    return { data: await gardenSession(db, listId, session?.user.id ?? null) };
  });
}
