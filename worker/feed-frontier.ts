// Issue #10 P5: where "load more" of the unfiltered feed goes on from. The screen's cursor is the
// oldest post it holds, but the local store also holds posts that came another way (a prayer
// session's page, a bookmark, an opened link), older than the pages pulled so far: asking for the
// page after one of those skips every post between (the bench lost posts so). The frontier is the
// last post of the run of pages pulled from the top, so pages follow each other with no gap.
import type { ApiPost, ChannelId } from '../common/contract';
import { db } from '../src/model/db';
import { getAuth, getMeta, viewerId } from '../src/model/meta';
import type { FeedFrontierMeta } from '../src/model/meta-types';
import { readChannel } from '../src/db/reads';

type Position = { id: number; createdAtMs: number };
type FrontierScope = { channelId: ChannelId; viewer: number | null };

/** `a` comes after `b` in the server's feed order (created_at DESC, id DESC). */
export function isAfter(a: Position, b: Position): boolean {
  return a.createdAtMs < b.createdAtMs || (a.createdAtMs === b.createdAtMs && a.id < b.id);
}

export async function frontierScope(): Promise<FrontierScope> {
  const [{ channelId }, auth] = await Promise.all([readChannel(), getAuth()]);
  return { channelId, viewer: viewerId(auth) };
}

/** The stored frontier, if it was pulled for the same channel and viewer. */
export async function readFrontier(scope: FrontierScope): Promise<FeedFrontierMeta | null> {
  const stored = await getMeta('feedFrontier');
  return stored && stored.channelId === scope.channelId && stored.viewer === scope.viewer ? stored : null;
}

function positionOf(post: ApiPost): Position | null {
  const createdAtMs = Date.parse(post.created_at);
  return Number.isNaN(createdAtMs) ? null : { id: post.id, createdAtMs };
}

/**
 * The cursor for "load more": the frontier when the screen's cursor lies beyond it (a post that
 * came another way), is unknown here, or lies inside the run while the frontier's post is still
 * held (pages read ahead, or pulled while the screen's request waited for the lock: asking from
 * the screen's cursor would pull them again); the screen's cursor otherwise (no frontier yet, or
 * the frontier's post is gone from the store).
 */
export async function nextPageCursor(scope: FrontierScope, screenCursor: number | undefined): Promise<{ cursor: number | undefined; fromFrontier: boolean }> {
  const frontier = await readFrontier(scope);
  if (!frontier) return { cursor: screenCursor, fromFrontier: false };
  const screenRow = screenCursor === undefined ? undefined : await db.posts.get(screenCursor);
  const useFrontier = !screenRow || isAfter(screenRow, frontier) || screenRow.id === frontier.id || (await db.posts.get(frontier.id)) !== undefined;
  return useFrontier ? { cursor: frontier.id, fromFrontier: true } : { cursor: screenCursor, fromFrontier: false };
}

/**
 * After the first page: its last post is the frontier, unless the page ends on a post held before
 * it was pulled and the stored run goes further (the page joined the run: keep its end).
 */
export async function frontierAfterFirstPage(scope: FrontierScope, page: ApiPost[], wasHeld: boolean): Promise<FeedFrontierMeta | null> {
  const last = page.at(-1);
  const position = last ? positionOf(last) : null;
  if (!position) return null;
  const stored = await readFrontier(scope);
  if (stored && wasHeld && isAfter(stored, position)) return stored;
  return { ...scope, ...position };
}

/** After a "load more" page: its last post, if it has one. */
export function frontierAfterPage(scope: FrontierScope, page: ApiPost[]): FeedFrontierMeta | null {
  const last = page.at(-1);
  const position = last ? positionOf(last) : null;
  return position ? { ...scope, ...position } : null;
}
