// The actions menus of docs/product.md §4/§6 as pure functions, named with the action names of docs/product.md §3
// (common/contract.ts POST_ACTIONS). The server enforces the same rules (docs/api.md); the menu
// only offers what would be accepted.
import { VISIBILITY, type PostAction } from '../../common/contract';
import type { ShownComment } from './shown-children';
import type { ShownPost } from '../model/shown';

/** Who looks: the signed-in member or guest (null: an anonymous visitor, who can do nothing). */
export type Viewer = { id: number } | null;

function isOwnPost(post: Pick<ShownPost, 'is_mine' | 'user_id'>, viewer: Viewer): boolean {
  return post.is_mine || (viewer !== null && post.user_id === viewer.id);
}

/**
 * docs/product.md §4 Post: own and unanswered -> mark as answered, edit, delete; own and answered -> edit
 * testimony, delete testimony, edit prayer, delete prayer; someone else's -> only report (not
 * while a report of this device is pending). archivePost/restorePost belong to list items.
 */
export function actionsMenu(post: Pick<ShownPost, 'is_mine' | 'user_id' | 'atendido' | 'isReported'>, viewer: Viewer): PostAction[] {
  if (viewer === null) return [];
  if (!isOwnPost(post, viewer)) return post.isReported ? [] : ['reportPost'];
  if (post.atendido) return ['editAnsweredPost', 'deleteAnsweredPost', 'editPost', 'deletePost'];
  return ['answeredPost', 'editPost', 'deletePost'];
}

/** Issue #12: actions on the person behind a post, beside the docs/product.md §3 post actions. */
export type PersonAction = 'hidePerson';

/**
 * "Hide posts from this person" (issue #12 item 8): on someone else's signed post, for any
 * signed-in member or guest. An anonymous post names nobody (user_id null): nothing to hide.
 */
export function personActionsMenu(post: Pick<ShownPost, 'is_mine' | 'user_id' | 'is_anonymous'>, viewer: Viewer): PersonAction[] {
  if (viewer === null || post.is_anonymous || post.user_id === null || isOwnPost(post, viewer)) return [];
  return ['hidePerson'];
}

/** Issue #13 point 3: sharing a post's link, beside the docs/product.md §3 post actions. */
export type ShareAction = 'sharePost';

/**
 * "Share" (issue #13 point 3): one's own posts and others' public, signed ones. Only a public post
 * opens for whoever gets the link (server/domain/post-view.ts visibleTo), so a post hidden by
 * reports is not offered even to its author; someone else's anonymous post is theirs to share,
 * not ours. A post not yet sent is offered (it says to wait, src/components/share-post.tsx).
 */
export function shareActionsMenu(post: Pick<ShownPost, 'is_mine' | 'user_id' | 'is_anonymous' | 'visibility' | 'group_id'>, viewer: Viewer): ShareAction[] {
  // Issue #28: a group's post is for its members only; sharing it outside the group is not offered (docs/product.md §11).
  if (post.visibility !== VISIBILITY.PUBLIC || typeof post.group_id === 'number') return [];
  return isOwnPost(post, viewer) || !post.is_anonymous ? ['sharePost'] : [];
}

/**
 * docs/product.md §6: comments have edit and delete (their author), others report them. The post's owner
 * may also delete comments on their post (moderation,
 * docs/decisions/0080-posts-the-owner-moderates-comments-on-their-post.md), and report them.
 */
export function commentActionsMenu(
  comment: Pick<ShownComment, 'is_mine' | 'isReported'>,
  post: Pick<ShownPost, 'is_mine' | 'user_id'>,
  viewer: Viewer,
): PostAction[] {
  if (viewer === null) return [];
  if (comment.is_mine) return ['editComment', 'deleteComment'];
  const report: PostAction[] = comment.isReported ? [] : ['reportComment'];
  return isOwnPost(post, viewer) ? ['deleteComment', ...report] : report;
}

/** Notes are private to their author (docs/architecture/server.md 'Reference server'): every note a viewer sees is theirs. */
export function noteActionsMenu(viewer: Viewer): PostAction[] {
  return viewer === null ? [] : ['editNote', 'deleteNote'];
}
