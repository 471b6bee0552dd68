// Prayer-session feeds (docs/product.md §7 GET post/session/*). quick, bookmark and my-prayers are about the
// caller, so they need a session (member or guest); community is public like the feed; group (issue #28
// item 4) is a group's, for its members only (404 for anyone else, as every group route).
import type { FastifyInstance } from 'fastify';
import type { Envelope, PostPage } from '../../common/contract';
import { bookmarkSession, communityFeed, groupSession, myPrayersFeed, quickFeed, sessionPage } from '../domain/prayer-session-feeds';
import { optionalSession, requireSession } from '../http/auth-context';
import { resolveChannel } from '../http/channel';
import { groupParams } from '../http/group-schemas';
import { pageQuerySchema } from '../http/post-schemas';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export function registerPostSessionRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/post/session/quick', async (request): Promise<Envelope<PostPage>> => {
    const session = await requireSession(db, request);
    const { page } = parseInput(pageQuerySchema, request.query);
    const channelId = resolveChannel(request, session);
    return { data: await sessionPage(db, quickFeed(session.user.id, channelId, session.user.prayerSessionItemsQtd), page) };
  });

  app.get('/post/session/bookmark', async (request): Promise<Envelope<PostPage>> => {
    const session = await requireSession(db, request);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await bookmarkSession(db, session.user.id, page) };
  });

  app.get('/post/session/my-prayers', async (request): Promise<Envelope<PostPage>> => {
    const session = await requireSession(db, request);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await sessionPage(db, myPrayersFeed(session.user.id), page) };
  });

  app.get('/post/session/community', async (request): Promise<Envelope<PostPage>> => {
    const session = await optionalSession(db, request);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await sessionPage(db, communityFeed(session?.user.id ?? null, resolveChannel(request, session)), page) };
  });

  app.get('/post/session/group/:groupId', async (request): Promise<Envelope<PostPage>> => {
    const session = await optionalSession(db, request);
    const { groupId } = parseInput(groupParams, request.params);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await groupSession(db, groupId, session?.user.id ?? null, page) };
  });
}
