// The screens' live reads of posts (docs/architecture/sync-protocol.md 'Reads for screens'): a post
// with the pray taps not yet committed, its comments and notes, the bookmarked and my-own lists,
// and the new-post count. Offline: only the local database.
import { useEffect } from 'react';
import { useLiveRead } from './live-read';
import { readBookmarkedPosts, readComments, readNewCount, readNotes, readPost } from './reads';
import { withUnreadPrays, type ShownPost } from '../model/shown';
import type { ShownComment, ShownNote } from './shown-children';
import { committedUpTo, forgetReadIntents, unreadIntents, useIntents, type IntentKey } from './intents';
import { primedPost, type PostRead } from './first-screen';
import { readMyRequests } from './my-requests';

/** The current channel's bookmarked posts, newest first (/lists/bookmarks). */
export function useBookmarkedPosts(): ShownPost[] | undefined {
  return useLiveRead(async () => readBookmarkedPosts(), []);
}

/** docs/product.md §2 /lists/my-prayers: the viewer's own requests, newest first (src/db/my-requests.ts). */
export function useMyRequests(): ShownPost[] | undefined {
  return useLiveRead(async () => readMyRequests(), []);
}

/** A post's comments, oldest first, with this device's pending changes; undefined while loading. */
export function useComments(postId: number): ShownComment[] | undefined {
  return useLiveRead(async () => readComments(postId), [postId]);
}

/** The viewer's private notes on a post, oldest first; undefined while loading. */
export function useNotes(postId: number): ShownNote[] | undefined {
  return useLiveRead(async () => readNotes(postId), [postId]);
}

/**
 * One post: undefined while loading, null if it is not in the local database. A pray tapped on it
 * shows in the same frame (src/db/intents.ts): the read carries the commit number it is sure to
 * include, and the taps after that number are added on top until a later read carries them. Each
 * commit re-runs the read (the dep), so an intent never outlives its transaction by more than a read.
 */
export function usePost(id: number): ShownPost | null | undefined {
  const key: IntentKey = `post:${id}`;
  const intents = useIntents(key);
  const read = useLiveRead(
    async (): Promise<PostRead> => {
      const upTo = committedUpTo();
      return { post: await readPost(id), upTo };
    },
    [id, intents.lastCommit],
    // A cold start's first cards are read with the route (src/db/first-screen.ts).
    primedPost(id),
  );
  useEffect(() => {
    if (read) forgetReadIntents(key, read.upTo);
  }, [key, read]);
  if (!read) return undefined;
  return read.post && withUnreadPrays(read.post, unreadIntents(intents, read.upTo));
}

/** docs/product.md §4 new-post polling: how many newer posts the server has (0 when unknown). */
export function useNewCount(): number {
  return useLiveRead(readNewCount, [], 0);
}
