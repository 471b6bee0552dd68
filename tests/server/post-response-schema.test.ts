// Issue #14 point 4: GET /posts is written by fast-json-stringify from server/http/post-response-schema.ts.
// A field the schema does not name would vanish from the answer silently; these tests compare the
// bytes with JSON.stringify of what the domain returns, for every field ApiPost and PostPage can carry.
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, Envelope, PostPage } from '../../common/contract';
import { listFeed } from '../../server/domain/feed';
import { postPageResponse } from '../../server/http/post-response-schema';
import { useApi } from './api';

const api = useApi();
let demo: string;
beforeAll(async () => {
  demo = await api.login();
});

async function rawFeed(query: string, token?: string): Promise<string> {
  const response = await fetch(`${api.server.url}/api/v1/posts${query}`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe('GET posts response schema', () => {
  it('writes the same bytes as JSON.stringify of the domain page, guest and member, with new_count', async () => {
    const since = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    const demoId = 1;
    const guest = await rawFeed('');
    expect(guest).toBe(JSON.stringify({ data: await listFeed(api.server.handle.db, { page: 1, onlyNew: false }, 1, null) }));
    const member = await rawFeed('', demo);
    expect(member).toBe(JSON.stringify({ data: await listFeed(api.server.handle.db, { page: 1, onlyNew: false }, 1, demoId) }));
    const fresh = await rawFeed(`?new=1&since=${encodeURIComponent(since.toISOString())}`, demo);
    const expected = await listFeed(api.server.handle.db, { page: 1, onlyNew: true, since }, 1, demoId);
    expect(expected.new_count).toBeTypeOf('number');
    expect(fresh).toBe(JSON.stringify({ data: expected }));
  });

  it('keeps every optional and nullable field of ApiPost and PostPage', async () => {
    const post: ApiPost = {
      id: 7, user_id: null, user: { id: null, username: 'anonymous', name: 'Anonymous', avatar: null }, type: 'REQUEST',
      text: 'Pray "for" us \u2028 ✓', answer_text: null, channel_id: 2, visibility: 4, is_anonymous: true, is_mine: true,
      created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z', updated_answer_at: null, atendido: false,
      prayedCount: 3, isPrayed: true, commentCount: 1, noteCount: 2, is_bookmarked: false, hidden_pending_review: true,
    };
    const named: ApiPost = { ...post, id: 8, user_id: 5, user: { id: 5, username: 'ana', name: 'Ana', avatar: '/avatars/a.webp' },
      answer_text: 'Answered', updated_answer_at: '2026-01-03T00:00:00.000Z', atendido: true, visibility: 0, is_anonymous: false };
    delete named.hidden_pending_review;
    const page: Envelope<PostPage> = { data: { data: [post, named], current_page: 1, last_page: 3, total: 41, total_is_estimate: true, new_count: 41 } };
    const app = Fastify();
    app.get('/', { schema: { response: { 200: postPageResponse } } }, async () => page);
    const response = await app.inject('/');
    await app.close();
    expect(response.body).toBe(JSON.stringify(page));
  });
});
