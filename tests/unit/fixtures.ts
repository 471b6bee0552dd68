// Builders of server posts and local rows for the engine's tests.
import type { ApiPost } from '../../common/contract';
import { EMPTY_POST_LOCAL, type PostLocal, type PostRow } from '../../src/db/types';

export function apiPost(overrides: Partial<ApiPost> = {}): ApiPost {
  const at = overrides.created_at ?? '2025-01-01T12:00:00.000Z';
  return {
    id: 1,
    user_id: 7,
    user: { id: 7, username: 'ruth', name: 'Ruth', avatar: null },
    type: 'REQUEST',
    text: 'Please pray for my mother',
    answer_text: null,
    channel_id: 1,
    visibility: 0,
    is_anonymous: false,
    is_mine: false,
    created_at: at,
    updated_at: at,
    updated_answer_at: null,
    atendido: false,
    prayedCount: 0,
    isPrayed: false,
    commentCount: 0,
    noteCount: 0,
    is_bookmarked: false,
    ...overrides,
  };
}

export function postRow(overrides: Partial<ApiPost> = {}, local: Partial<PostLocal> = {}): PostRow {
  const post = apiPost(overrides);
  return { ...post, createdAtMs: Date.parse(post.created_at), local: { ...EMPTY_POST_LOCAL, ...local } };
}
