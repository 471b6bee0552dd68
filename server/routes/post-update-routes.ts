// Updates of a request (issue #28 item 3; docs/api.md 'Updates of a request'): written by the
// post's author, as mutation()s (Idempotency-Key, batchable in sync/push). No read of their own:
// every answer that carries a post carries its updates (server/domain/post-updates-view.ts).
import type { FastifyInstance } from 'fastify';
import { addPostUpdate, deletePostUpdate } from '../domain/post-updates';
import { mutation } from '../http/mutation';
import { postUpdateParams, postUpdateSchema } from '../http/post-update-schemas';
import { postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export function registerPostUpdateRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.post('/post/:id/update', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    const { text } = parseInput(postUpdateSchema, request.body);
    return { status: 201, data: await addPostUpdate(tx, id, session.user.id, text) };
  }));

  app.delete('/post/:id/update/:updateId', mutation(db, async ({ tx, session, request }) => {
    const { id, updateId } = parseInput(postUpdateParams, request.params);
    return { data: await deletePostUpdate(tx, id, updateId, session.user.id) };
  }));
}
