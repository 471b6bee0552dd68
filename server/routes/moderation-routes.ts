// Moderation (issue #11 item 2; docs/api.md 'Moderation'): the review queue and the three
// decisions, for the members named in MODERATOR_EMAILS only (anyone else signed in: 403; no
// token: 401). Decisions are ordinary mutation()s, so they are exactly-once and may be batched
// in POST sync/push like any other user action.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Envelope } from '../../common/contract';
import { MODERATION_ACTIONS, type ModerationQueueResponse } from '../../common/moderation-contract';
import { decide, listReported, requireModerator } from '../domain/moderation';
import { requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { pageQuerySchema } from '../http/post-schemas';
import { postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export const decisionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { message: `action must be one of ${MODERATION_ACTIONS.join(', ')}` }),
});

export function registerModerationRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.get('/moderation/reports', async (request): Promise<Envelope<ModerationQueueResponse>> => {
    const session = await requireSession(db, request);
    requireModerator(session.user, config);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await listReported(db, page) };
  });

  app.post('/moderation/post/:id', mutation(db, async ({ tx, session, request }) => {
    requireModerator(session.user, config);
    const { id } = parseInput(postIdParams, request.params);
    const { action } = parseInput(decisionSchema, request.body);
    return { data: await decide(tx, 'post', id, action) };
  }));

  app.post('/moderation/comment/:id', mutation(db, async ({ tx, session, request }) => {
    requireModerator(session.user, config);
    const { id } = parseInput(postIdParams, request.params);
    const { action } = parseInput(decisionSchema, request.body);
    return { data: await decide(tx, 'comment', id, action) };
  }));
}
