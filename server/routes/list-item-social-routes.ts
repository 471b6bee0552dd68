// Notes and comments on list items (docs/product.md §7 List item notes and comments). Notes need a session
// (they are private to their author); comments are readable by anyone who can see the item.
// Every write is a mutation() (docs/architecture.md 'Outbox and sync protocol').
import type { FastifyInstance } from 'fastify';
import type { ApiListItemComment, ApiListItemNote, Envelope, ListItemCommentResponse, ListItemNoteResponse, Page } from '../../common/contract';
import {
  createItemComment, deleteItemComment, listItemComments, reportItemComment, updateItemComment,
} from '../domain/list-item-comments';
import { createItemNote, deleteItemNote, listItemNotes, updateItemNote } from '../domain/list-item-notes';
import { optionalSession, requireSession } from '../http/auth-context';
import { itemCommentParams, itemNoteParams, itemParams, pageOnlySchema } from '../http/list-schemas';
import { mutation } from '../http/mutation';
import { commentSchema, noteSchema, reportSchema } from '../http/post-schemas';
import { parseInput } from '../http/validate';
import { authRateLimit, RATE_LIMITED, type RouteDeps } from './deps';

export function registerListItemSocialRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerItemNoteRoutes(app, deps);
  registerItemCommentRoutes(app, deps);
}

function registerItemNoteRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/list/:listId/item/:id/note', async (request): Promise<Envelope<Page<ApiListItemNote>>> => {
    const session = await requireSession(db, request);
    const { listId, id } = parseInput(itemParams, request.params);
    const { page } = parseInput(pageOnlySchema, request.query);
    return { data: await listItemNotes(db, listId, id, session.user.id, page) };
  });

  app.post('/list/:listId/item/:id/note', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    const { note } = parseInput(noteSchema, request.body);
    return { status: 201, data: await createItemNote(tx, listId, id, session.user.id, note) };
  }));

  app.put('/list/:listId/item/:id/note/:nid', mutation(db, async ({ tx, session, request }) => {
    const { listId, id, nid } = parseInput(itemNoteParams, request.params);
    const { note } = parseInput(noteSchema, request.body);
    return { data: { note: await updateItemNote(tx, listId, id, nid, session.user.id, note) } satisfies ListItemNoteResponse };
  }));

  app.delete('/list/:listId/item/:id/note/:nid', mutation(db, async ({ tx, session, request }) => {
    const { listId, id, nid } = parseInput(itemNoteParams, request.params);
    return { data: await deleteItemNote(tx, listId, id, nid, session.user.id) };
  }));
}

function registerItemCommentRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.get('/list/:listId/item/:id/comments', async (request): Promise<Envelope<Page<ApiListItemComment>>> => {
    const session = await optionalSession(db, request);
    const { listId, id } = parseInput(itemParams, request.params);
    const { page } = parseInput(pageOnlySchema, request.query);
    return { data: await listItemComments(db, listId, id, session?.user.id ?? null, page) };
  });

  app.post('/list/:listId/item/:id/comment', mutation(db, async ({ tx, session, request }) => {
    const { listId, id } = parseInput(itemParams, request.params);
    const { comment } = parseInput(commentSchema, request.body);
    return { status: 201, data: await createItemComment(tx, listId, id, session.user.id, comment) };
  }));

  app.put('/list/:listId/item/:id/comment/:cid', mutation(db, async ({ tx, session, request }) => {
    const { listId, id, cid } = parseInput(itemCommentParams, request.params);
    const { comment } = parseInput(commentSchema, request.body);
    return { data: { comment: await updateItemComment(tx, listId, id, cid, session.user.id, comment) } satisfies ListItemCommentResponse };
  }));

  app.delete('/list/:listId/item/:id/comment/:cid', mutation(db, async ({ tx, session, request }) => {
    const { listId, id, cid } = parseInput(itemCommentParams, request.params);
    return { data: await deleteItemComment(tx, listId, id, cid, session.user.id) };
  }));

  app.post('/list/:listId/item/:id/comment/:cid/report', authRateLimit(config), mutation(db, async ({ tx, session, request }) => {
    const { listId, id, cid } = parseInput(itemCommentParams, request.params);
    const { type, details } = parseInput(reportSchema, request.body);
    return { data: await reportItemComment(tx, listId, id, cid, session.user.id, type, details) };
  }, { singleOnly: RATE_LIMITED }));
}
