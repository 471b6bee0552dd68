// The post detail follows its comments (issue #48; docs/architecture/live.md 'Live stream'): when
// the server's comment count of the open post rises (a live poke, or any pull, wrote it), a comment
// was made elsewhere, so the post's comments are pulled again and appear without a reload.
import { useEffect, useRef } from 'react';
import { pulls } from '../sync/client';

type Seen = { id: number; commentCount: number };

/** The server's count of the same post rose since it was last seen here. */
export function commentsGrew(seen: Seen | null, post: Seen): boolean {
  return seen !== null && seen.id === post.id && post.commentCount > seen.commentCount;
}

/** While the post is open, a rise of its server comment count pulls its comments (the one pull of a post, worker/pull-post.ts). */
export function useCommentsFollow(post: Seen): void {
  const seen = useRef<Seen | null>(null);
  const { id, commentCount } = post;
  useEffect(() => {
    const grew = commentsGrew(seen.current, { id, commentCount });
    seen.current = { id, commentCount };
    // Notes are the viewer's own: nothing of them changes elsewhere that a comment count tells.
    if (grew) void pulls.post(id, { comments: true, notes: false }).catch(() => undefined);
  }, [id, commentCount]);
}
