// Comments on posts (docs/product.md §7 Posts). Reads are open to visitors (public comments of a visible
// post); every write is a mutation() (docs/architecture.md 'Outbox and sync protocol'), by a member or a guest.
import type { FastifyInstance } from 'fastify';
import type { ApiComment, CommentResponse, Envelope, Page } from '../../common/contract';
import { createComment, deleteComment, listComments, requireVisibleComment, toggleCommentLike, updateComment } from '../domain/comments';
import { reportComment } from '../domain/reports';
import { optionalSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { commentParams, commentSchema, pageQuerySchema, reportSchema } from '../http/post-schemas';
import { postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import { authRateLimit, RATE_LIMITED, type RouteDeps } from './deps';

export function registerCommentRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.get('/post/:id/comments', async (request): Promise<Envelope<Page<ApiComment>>> => {
    const session = await optionalSession(db, request);
    const { id } = parseInput(postIdParams, request.params);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await listComments(db, id, session?.user.id ?? null, page) };
  });

  app.get('/post/:id/comment/:cid', async (request): Promise<Envelope<CommentResponse>> => {
    const session = await optionalSession(db, request);
    const { id, cid } = parseInput(commentParams, request.params);
    return { data: { comment: await requireVisibleComment(db, id, cid, session?.user.id ?? null) } };
  });

  app.post('/post/:id/comment', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    const { comment } = parseInput(commentSchema, request.body);
    return { status: 201, data: await createComment(tx, id, session.user.id, comment) };
  }));

  app.put('/post/:id/comment/:cid', mutation(db, async ({ tx, session, request }) => {
    const { id, cid } = parseInput(commentParams, request.params);
    const { comment } = parseInput(commentSchema, request.body);
    return { data: { comment: await updateComment(tx, id, cid, session.user.id, comment) } };
  }));

  app.delete('/post/:id/comment/:cid', mutation(db, async ({ tx, session, request }) => {
    const { id, cid } = parseInput(commentParams, request.params);
    return { data: await deleteComment(tx, id, cid, session.user.id) };
  }));

  app.post('/post/:id/comment/:cid/report', authRateLimit(config), mutation(db, async ({ tx, session, request }) => {
    const { id, cid } = parseInput(commentParams, request.params);
    const { type, details } = parseInput(reportSchema, request.body);
    return { data: await reportComment(tx, id, cid, session.user.id, type, details) };
  }, { singleOnly: RATE_LIMITED }));

  app.post('/post/:id/comment/:cid/like', mutation(db, async ({ tx, session, request }) => {
    const { id, cid } = parseInput(commentParams, request.params);
    return { data: await toggleCommentLike(tx, id, cid, session.user.id) };
  }));
}
