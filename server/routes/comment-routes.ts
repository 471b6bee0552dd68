// Comments on posts (docs/product.md §7 Posts): the routes they share with the other texts under a
// parent (text-child-routes.ts), one comment and the like. Reads are open to visitors (public comments
// of a visible post); every write is a mutation() (docs/architecture/sync-protocol.md 'Outbox and
// sync protocol'), by a member or a guest.
import type { FastifyInstance } from 'fastify';
import type { CommentResponse, Envelope } from '../../common/contract';
import { createComment, deleteComment, listComments, requireVisibleComment, toggleCommentLike, updateComment } from '../domain/comments';
import { reportComment } from '../domain/reports';
import { optionalSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { commentParams, commentSchema } from '../http/post-schemas';
import { postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';
import { registerTextRoutes } from './text-child-routes';

export function registerCommentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;
  registerTextRoutes(app, deps, {
    parent: '/post/:id', parentParams: postIdParams, listPath: 'comments', readers: 'anyone',
    field: 'comment', text: commentSchema, rowParam: 'cid', rowParams: commentParams,
    list: listComments, create: createComment, update: updateComment, remove: deleteComment, report: reportComment,
  });

  app.get('/post/:id/comment/:cid', async (request): Promise<Envelope<CommentResponse>> => {
    const session = await optionalSession(db, request);
    const { id, cid } = parseInput(commentParams, request.params);
    return { data: { comment: await requireVisibleComment(db, id, cid, session?.user.id ?? null) } };
  });

  app.post('/post/:id/comment/:cid/like', mutation(db, async ({ tx, session, request }) => {
    const { id, cid } = parseInput(commentParams, request.params);
    return { data: await toggleCommentLike(tx, id, cid, session.user.id) };
  }));
}
