// The rest of a post's own calls (docs/product.md §7 Posts): owner edit/delete/answer, report, users-prayed.
// Thin adapters: zod at the edge, domain function, `{data}`; writes go through mutation()
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
import type { FastifyInstance } from 'fastify';
import type { ApiUserSummary, Envelope, Page } from '../../common/contract';
import { prayedUsersPage } from '../domain/prayed-users';
import { answerPost, deletePost, editPost, removeAnswer } from '../domain/post-owner';
import { reportPost } from '../domain/reports';
import { optionalSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { answerPostSchema, pageQuerySchema, reportSchema, updatePostSchema } from '../http/post-schemas';
import { postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import { authRateLimit, RATE_LIMITED, type RouteDeps } from './deps';

export function registerPostOwnerRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.put('/post/:id', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    const body = parseInput(updatePostSchema, request.body);
    const edit = { text: body.text, type: body.type, isAnonymous: body.is_anonymous };
    return { data: { post: await editPost(tx, id, session.user.id, edit) } };
  }));

  app.delete('/post/:id', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    return { data: await deletePost(tx, id, session.user.id) };
  }));

  app.post('/post/answer', mutation(db, async ({ tx, session, request }) => {
    const body = parseInput(answerPostSchema, request.body);
    return { data: { post: await answerPost(tx, body.post_id, session.user.id, body.answer_text) } };
  }));

  app.delete('/post/:id/answer', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    return { data: { post: await removeAnswer(tx, id, session.user.id) } };
  }));

  app.post('/post/:id/report', authRateLimit(config), mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    const { type, details } = parseInput(reportSchema, request.body);
    return { data: await reportPost(tx, id, session.user.id, type, details) };
  }, { singleOnly: RATE_LIMITED }));

  app.get('/post/:id/users-prayed', async (request): Promise<Envelope<Page<ApiUserSummary>>> => {
    const session = await optionalSession(db, request);
    const { id } = parseInput(postIdParams, request.params);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await prayedUsersPage(db, id, session?.user.id ?? null, page) };
  });
}
