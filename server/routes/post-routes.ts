// Posts of the foundation slice (docs/product.md §7 Posts). Reads resolve the caller optionally (anonymous
// visitors see the public feed); writes go through mutation() for exactly-once
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope, NewCountResponse, PostPage, PostResponse } from '../../common/contract';
import { countNewPosts, listFeed } from '../domain/feed';
import { requirePostingGroup } from '../domain/group-posts';
import { createPost, getPost, prayForPost, toggleBookmark } from '../domain/posts';
import { optionalSession } from '../http/auth-context';
import { resolveChannel } from '../http/channel';
import { botCheck } from '../http/bot-check';
import { mutation } from '../http/mutation';
import { createPostSchema, feedQuerySchema, newCountQuerySchema, postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import { postPageResponse } from '../http/post-response-schema';
import { BOT_CHECKED, type RouteDeps } from './deps';
import { prayRun } from '../domain/pray-run';

/** What a GET /posts answer depends on: the caller's token, the channel header and the query. */
function feedCacheKey(request: FastifyRequest): string {
  return `${request.headers.authorization ?? ''}\n${String(request.headers['x-channel-id'] ?? '')}\n${request.url}`;
}

export function registerPostRoutes(app: FastifyInstance, { db, config, readCache }: RouteDeps): void {
  // Written by fast-json-stringify from its response schema, and kept until the next write
  // (issue #14 point 4, server/http/read-cache.ts); a token's answer no longer than the token holds.
  app.get('/posts', { schema: { response: { 200: postPageResponse } } }, (request): Promise<Envelope<PostPage>> =>
    readCache.get(feedCacheKey(request), async () => {
      const session = await optionalSession(db, request);
      const q = parseInput(feedQuerySchema, request.query);
      const query = { type: q.type, search: q.search, page: q.page, since: q.since, onlyNew: q.new, loadMore: q.loadMore };
      const value = { data: await listFeed(db, query, resolveChannel(request, session), session?.user.id ?? null) };
      return { value, validUntil: session === undefined ? Number.POSITIVE_INFINITY : session.token.expiresAt.getTime() };
    }));

  app.get('/posts/new-count', async (request): Promise<Envelope<NewCountResponse>> => {
    const session = await optionalSession(db, request);
    const { since } = parseInput(newCountQuerySchema, request.query);
    return { data: { new_count: await countNewPosts(db, since, resolveChannel(request, session), session?.user.id ?? null) } };
  });

  app.get('/post/:id', async (request): Promise<Envelope<PostResponse>> => {
    const session = await optionalSession(db, request);
    const { id } = parseInput(postIdParams, request.params);
    return { data: { post: await getPost(db, id, session?.user.id ?? null) } };
  });

  app.post('/post', botCheck({ db, config }, 'post'), mutation(db, async ({ tx, session, request }) => {
    const body = parseInput(createPostSchema, request.body);
    const group = body.group_id === undefined ? undefined : await requirePostingGroup(tx, body.group_id, session.user.id);
    const channelId = group?.channel_id ?? body.channel_id ?? resolveChannel(request, session);
    const input = { text: body.text, type: body.type, isAnonymous: body.is_anonymous, channelId, groupId: group?.id ?? null };
    return { status: 201, data: { post: await createPost(tx, session.user.id, input) } };
  }, { singleOnly: BOT_CHECKED }));

  app.post('/post/:id/pray', mutation(db, async ({ tx, session, request, claim }) => {
    const { id } = parseInput(postIdParams, request.params);
    return { data: await prayForPost(tx, id, session.user.id, claim), claimed: claim !== undefined };
  }, { batchRun: prayRun }));

  app.post('/post/:id/bookmark', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    return { data: await toggleBookmark(tx, id, session.user.id) };
  }));
}
