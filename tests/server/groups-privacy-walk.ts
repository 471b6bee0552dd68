// What groups-privacy.test.ts asks of every GET route (issue #28 step 2; docs/product.md §11): the
// concrete paths each route is called with, the routes no group post can reach (and why), and the
// check of one answer: nothing of a group post, its text, its comments or its id as a post.
import { objects } from './privacy-walk';

export type World = {
  groupId: number; code: string; postId: number; post2Id: number; commentId: number;
  authorId: number; formerId: number; listId: number; itemId: number; groupListId: number; groupItemId: number; changesCursor: string; pullCursor: string; t0: string; search: string;
  /** Issue #49: a reported comment on the group list's item. */
  itemCommentId: number;
};

/** Routes that cannot carry a post or anything of one, each with why. Every other GET route is called. */
export const NO_POSTS: Record<string, string> = {
  'GET /health': 'no content', 'GET /auth/me': 'the caller only', 'GET /guest/me': 'the caller only',
  'GET /user/settings': 'the caller only',
  'GET /user/my-statistics': 'counts, no words: a former member\'s counts are asked in groups-leaks.test.ts (issue #49)',
  'GET /user/photo/:userId/:file': 'an image', 'GET /group/:groupId/picture/:file': 'an image', 'GET /notifications/push-config': 'the server\'s push key',
  'GET /user/download/:guid/:time/:user_id/:hash': 'a mailed, signed link to the caller\'s own data',
  'GET /auth/provider/:provider/redirect': 'a sign-in redirect', 'GET /auth/provider/callback/:provider': 'a sign-in',
  'GET /user/provider/check/:provider': 'a sign-in provider\'s state',
  'GET /sync/live': 'a stream that never ends; its pokes to each role are asked in live-privacy.test.ts',
};

/** The list routes, each called on the community list and on the group's list (and their items). */
function listPaths(w: World): Record<string, string[]> {
  const both = (suffix: (listId: number, itemId: number) => string) => [suffix(w.listId, w.itemId), suffix(w.groupListId, w.groupItemId)];
  return {
    '/list/:listId': both((l) => `list/${l}`), '/list/:listId/item': both((l) => `list/${l}/item`),
    '/list/:listId/item/:id': both((l, i) => `list/${l}/item/${i}`), '/list/:listId/item/:id/comments': both((l, i) => `list/${l}/item/${i}/comments`),
    '/list/:listId/item/:id/note': both((l, i) => `list/${l}/item/${i}/note`), '/list/:listId/item/:id/users-prayed': both((l, i) => `list/${l}/item/${i}/users-prayed`),
    '/list/:listId/session/specific': both((l) => `list/${l}/session/specific`), '/list/:listId/gardens-prayer/session': both((l) => `list/${l}/gardens-prayer/session`),
  };
}

/** The concrete paths a route is called with; a route with params not known here fails the test. */
export function pathsOf(route: string, w: World): string[] {
  const P = w.postId;
  const byRoute: Record<string, string[]> = {
    '/posts': ['posts', `posts?search=${w.search}`, 'posts?type=REQUEST', 'posts?type=PRAYED_BY_USER', 'posts?type=BOOKMARKED', `posts?since=${encodeURIComponent(w.t0)}`],
    '/posts/changes': [`posts/changes?since=${encodeURIComponent(w.changesCursor)}`],
    '/posts/new-count': [`posts/new-count?since=${encodeURIComponent(w.t0)}`],
    '/post/:id': [`post/${P}`, `post/${w.post2Id}`],
    '/post/:id/comments': [`post/${P}/comments`, `post/${w.post2Id}/comments`],
    '/post/:id/users-prayed': [`post/${P}/users-prayed`, `post/${w.post2Id}/users-prayed`],
    '/post/:id/notes': [`post/${P}/notes`],
    '/post/:id/comment/:cid': [`post/${P}/comment/${w.commentId}`],
    '/sync/pull': ['sync/pull', `sync/pull?cursor=${encodeURIComponent(w.pullCursor)}`, `sync/pull?full=1&since=${encodeURIComponent(w.t0)}`],
    '/user/profile/:id': [`user/profile/${w.authorId}`, `user/profile/${w.formerId}`],
    '/group/:groupId': [`group/${w.groupId}`], '/group/:groupId/members': [`group/${w.groupId}/members`],
    '/group/:groupId/join-requests': [`group/${w.groupId}/join-requests`], '/group/:groupId/posts': [`group/${w.groupId}/posts`, `group/${w.groupId}/posts?search=${w.search}`],
    '/group/:groupId/reports': [`group/${w.groupId}/reports`], '/invite/:code': [`invite/${w.code}`],
    // Issue #28 item 4: each list route with a community list and with the group's list.
    '/group/:groupId/lists': [`group/${w.groupId}/lists`], '/post/session/group/:groupId': [`post/session/group/${w.groupId}`],
    ...listPaths(w),
  };
  const known = byRoute[route];
  if (known !== undefined) return known;
  if (route.includes(':')) throw new Error(`no paths for ${route}: add it to pathsOf or NO_POSTS`);
  return [route.slice(1)];
}

/** What one answer gives away of the group's posts: a marker of their texts, a post of theirs, or a thing of one (post_id). */
export function leaks(json: unknown, markers: readonly string[], postIds: readonly number[]): string[] {
  const text = JSON.stringify(json);
  const found = markers.filter((m) => text.includes(m)).map((m) => `text ${m}`);
  for (const o of objects(json)) {
    // A reminder's target names what its owner set it on (an id they held), never its words (issue #49).
    if (o.kind === 'post' && Object.keys(o).length === 2) continue;
    if (typeof o.id === 'number' && postIds.includes(o.id) && 'is_anonymous' in o && 'prayedCount' in o) found.push(`post ${o.id}`);
    if (typeof o.post_id === 'number' && postIds.includes(o.post_id)) found.push(`post_id ${o.post_id}`);
  }
  return found;
}
