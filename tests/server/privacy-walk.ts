// What privacy-embedded-users.test.ts checks in every answer (issue #11 item 3; docs/product.md §3 User
// profile.img_show, Post is_anonymous), and which routes it may leave unwalked.
import { ANONYMOUS_USERNAME } from '../../common/contract';

/** The person whose settings are under test: img_show off, a photo uploaded, one anonymous post. */
export type Subject = { id: number; username: string; name: string; avatar: string };
export type Viewer = 'owner' | 'other' | 'guest' | 'visitor';
/** `subject`: the answer embeds the subject as themselves; `anonymous`: only as the anonymous author, if at all. */
export type Expect = 'subject' | 'anonymous';

export type Json = Record<string, unknown>;

/** Every object in an answer, nested ones included. */
export function* objects(value: unknown): Generator<Json> {
  if (Array.isArray(value)) {
    for (const item of value) yield* objects(item);
  } else if (typeof value === 'object' && value !== null) {
    yield value as Json;
    for (const child of Object.values(value)) yield* objects(child);
  }
}

const isPersonOf = (o: Json, subject: Subject) => o.id === subject.id && o.username === subject.username;

/** Anonymous posts never carry their author, whoever asks (the owner knows it by is_mine). */
function anonymousPostProblems(json: unknown): string[] {
  const problems: string[] = [];
  for (const o of objects(json)) {
    if (o.is_anonymous !== true) continue;
    const user = o.user as Json | undefined;
    if (o.user_id !== null || user?.id !== null || user.username !== ANONYMOUS_USERNAME || user.avatar !== null) {
      problems.push(`anonymous post ${String(o.id)} carries its author: ${JSON.stringify({ user_id: o.user_id, user })}`);
    }
  }
  return problems;
}

/** Everything wrong with one answer as `viewer` sees it; an answer that embeds nobody to check is wrong too. */
export function answerProblems(json: unknown, subject: Subject, viewer: Viewer, expect: Expect): string[] {
  const text = JSON.stringify(json);
  const problems = anonymousPostProblems(json);
  const photoPath = subject.avatar.slice(0, subject.avatar.lastIndexOf('/') + 1);
  if (viewer !== 'owner' && text.includes(photoPath)) problems.push(`carries the subject's photo URL to ${viewer}`);
  const embedded = [...objects(json)].filter((o) => isPersonOf(o, subject));
  if (expect === 'anonymous') {
    if (embedded.length > 0 || text.includes(subject.username) || text.includes(subject.name)) {
      problems.push(`names the author of an anonymous post to ${viewer}`);
    }
    if ([...objects(json)].some((o) => o.user_id === subject.id)) problems.push(`carries the anonymous author's user_id to ${viewer}`);
    return problems;
  }
  const wanted = viewer === 'owner' ? subject.avatar : null;
  if (embedded.length === 0) problems.push('does not embed the subject: nothing was checked');
  for (const o of embedded) {
    if (!('avatar' in o) || o.avatar !== wanted) problems.push(`embeds the subject with avatar ${JSON.stringify(o.avatar)} for ${viewer}, not ${JSON.stringify(wanted)}`);
  }
  return problems;
}

/**
 * Routes the walk does not call, each with why no answer of it can carry another person. Every
 * other registered route must be called by the walk: a new route fails the test until it is
 * walked or listed here (privacy-embedded-users.test.ts compares this with the registered routes).
 */
export const NOT_WALKED: Record<string, string> = {
  // Only the caller's own account (ApiUser, settings, statistics, tokens, links, export).
  'POST /guest/login': 'the caller only', 'GET /guest/me': 'the caller only', 'POST /guest/refresh': 'the caller only',
  'POST /auth/register': 'the caller only', 'POST /auth/login': 'the caller only', 'GET /auth/me': 'the caller only',
  'POST /auth/refresh': 'the caller only', 'POST /auth/logout': 'no person', 'POST /auth/check-email': 'no person',
  'POST /auth/forgot-password': 'no person', 'POST /auth/reset-password': 'the caller only',
  'GET /health': 'no person',
  // Issue #48: pokes carry post ids and counters only (live.test.ts, live-privacy.test.ts).
  'GET /sync/live': 'no person: ids and counters',
  'GET /user/settings': 'the caller only', 'PUT /user/locale': 'the caller only', 'PUT /user/channel': 'the caller only',
  'PUT /user/prayer-session-items-qtd': 'the caller only', 'PUT /user/password': 'the caller only',
  'PUT /user/profile': 'the caller only', 'PUT /user/today-session': 'the caller only',
  'PUT /user/session-finished': 'the caller only', 'GET /user/my-statistics': 'counts only',
  'PUT /notifications/token': 'no person', 'GET /notifications/push-config': 'no person (the server\'s push key)', 'POST /user/avatar': 'the caller only', 'DELETE /user/avatar': 'the caller only',
  'GET /user/photo/:userId/:file': 'an image, not JSON', 'POST /user/delete-request': 'no person',
  'GET /reminders': 'the caller\'s own reminders (no person)', 'PUT /reminders/:id': 'the caller\'s own reminder (no person)',
  'DELETE /reminders/:id': 'no person',
  'POST /user/delete-confirm': 'no person', 'POST /user/download-request': 'no person',
  'GET /user/download/:guid/:time/:user_id/:hash': 'the caller\'s own data export',
  'GET /auth/provider/:provider/redirect': 'no person', 'GET /auth/provider/callback/:provider': 'the caller only',
  'GET /user/provider/check/:provider': 'no person', 'DELETE /user/provider/disconnect/:provider': 'no person',
  // Owner-only writes: the answer embeds the caller's own post, list or comment.
  'POST /post': 'the caller\'s own post', 'PUT /post/:id': 'the caller\'s own post', 'DELETE /post/:id': 'the caller\'s own post',
  'POST /post/answer': 'the caller\'s own post', 'DELETE /post/:id/answer': 'the caller\'s own post',
  'POST /post/:id/update': 'the caller\'s own post (issue #28 item 3)', 'DELETE /post/:id/update/:updateId': 'the caller\'s own post',
  'PUT /post/:id/comment/:cid': 'the caller\'s own comment', 'POST /list': 'the caller\'s own list',
  'PUT /list/:listId': 'the caller\'s own list', 'DELETE /list/:listId': 'the caller\'s own list',
  'POST /list/:listId/item': 'the caller\'s own list', 'PUT /list/:listId/item/:id': 'the caller\'s own list',
  'DELETE /list/:listId/item/:id': 'the caller\'s own list', 'DELETE /list/:listId/item/:id/archive': 'the caller\'s own list',
  'PUT /list/:listId/item/:id/restore': 'the caller\'s own list', 'GET /list/session/my-lists': 'the caller\'s own lists',
  'POST /list/:listId/item/:id/comment': 'the caller\'s comment and an item (no person)',
  'PUT /list/:listId/item/:id/comment/:cid': 'the caller\'s own comment',
  'DELETE /list/:listId/item/:id/comment/:cid': 'an item (no person)',
  // No person at all: reports, notes (private), items, counters, system lists (no owner).
  'POST /post/:id/report': 'no person', 'POST /post/:id/comment/:cid/report': 'no person',
  'POST /list/:listId/item/:id/comment/:cid/report': 'no person', 'GET /post/:id/notes': 'notes only',
  'PUT /post/:id/note/:nid': 'a note only', 'GET /list/:listId/item/:id/note': 'notes only',
  'POST /list/:listId/item/:id/note': 'a note and an item', 'PUT /list/:listId/item/:id/note/:nid': 'a note only',
  'DELETE /list/:listId/item/:id/note/:nid': 'an item', 'GET /list/item/bookmark': 'items only',
  'GET /list/:listId/item': 'items only', 'GET /list/:listId/item/:id': 'an item only',
  'POST /list/:listId/item/:id/pray': 'an item only', 'POST /list/:listId/item/:id/bookmark': 'an item only',
  'GET /list/item/biblical-prayers': 'the system list (no owner)', 'GET /list/session/biblical-prayers': 'the system list (no owner)',
  // Moderators only (MODERATOR_EMAILS, issue #11 item 2): the author as stored, named even on an
  // anonymous post by design (a reviewer must know who wrote it), avatar always null (moderation.ts).
  'GET /moderation/reports': 'moderators only, no avatar', 'POST /moderation/post/:id': 'moderators only, no avatar',
  'POST /moderation/comment/:id': 'moderators only, no avatar',
  'GET /posts/new-count': 'a count', 'GET /notifications/unread-count': 'a count', 'POST /notifications/read-all': 'a count',
  // Prayer groups (issue #28): a group, an invite or a membership carries ids, never a person; a join
  // request embeds its asker, who is the caller when they ask (the admins' reads are walked).
  'GET /groups': 'groups (no person)', 'GET /group/:groupId': 'a group (no person)', 'GET /invite/:code': 'a group\'s name and size (no person)',
  'POST /group': 'a group (no person)', 'PUT /group/:groupId': 'a group (no person)', 'DELETE /group/:groupId': 'no person',
  'PUT /group/:groupId/member/:userId': 'a membership (ids only)', 'DELETE /group/:groupId/member/:userId': 'ids only',
  'POST /group/:groupId/invite': 'an invite (no person)', 'POST /invite/:code/join': 'a membership and a group (no person)',
  'POST /group/:groupId/join-request': 'the caller\'s own request', 'PUT /group/:groupId/notify': 'the caller\'s own setting (no person)',
  'GET /group/:groupId/reports': 'group moderators only, no avatar (moderation.ts)',
  'POST /group/:groupId/moderation/post/:id': 'a decision (no person)', 'POST /group/:groupId/moderation/comment/:id': 'a decision (no person)',
  'POST /group/:groupId/picture': 'a group (no person)', 'DELETE /group/:groupId/picture': 'a group (no person)',
  'GET /group/:groupId/picture/:file': 'an image, not JSON',
};
