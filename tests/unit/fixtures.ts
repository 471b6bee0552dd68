// Builders of server posts, comments, notes and local rows for the engine's tests.
import type { ApiComment, ApiNote, ApiPost, ApiUser } from '../../common/contract';
import {
  EMPTY_COMMENT_LOCAL, EMPTY_NOTE_LOCAL, EMPTY_POST_LOCAL, type CommentLocal, type CommentRow, type NoteRow, type PostLocal, type PostRow,
} from '../../src/model/types';

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

export function apiComment(overrides: Partial<ApiComment> = {}): ApiComment {
  const at = overrides.created_at ?? '2025-01-01T13:00:00.000Z';
  return {
    id: 100,
    post_id: 1,
    comment: 'Praying with you',
    user: { id: 8, username: 'naomi', name: 'Naomi', avatar: null },
    visibility: 0,
    created_at: at,
    updated_at: at,
    likeCount: 0,
    isLiked: false,
    is_mine: false,
    ...overrides,
  };
}

export function commentRow(overrides: Partial<ApiComment> = {}, local: Partial<CommentLocal> = {}): CommentRow {
  const comment = apiComment(overrides);
  return { ...comment, createdAtMs: Date.parse(comment.created_at), local: { ...EMPTY_COMMENT_LOCAL, ...local } };
}

export function noteRow(overrides: Partial<ApiNote> = {}): NoteRow {
  const at = overrides.created_at ?? '2025-01-01T14:00:00.000Z';
  const note: ApiNote = { id: 200, post_id: 1, note: 'Asked again today', created_at: at, updated_at: at, ...overrides };
  return { ...note, createdAtMs: Date.parse(note.created_at), local: { ...EMPTY_NOTE_LOCAL } };
}

export const MEMBER: ApiUser = {
  id: 7,
  today_prayer_count: 0,
  name: 'Ruth',
  nickname: null,
  username: 'ruth',
  email: 'ruth@example.org',
  profile: { avatar: null, img_show: false },
  channel_id: 1,
  language: 'en-US',
  is_guest: false,
};
