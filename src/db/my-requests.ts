// SPEC §2 /lists/my-prayers: the viewer's own prayer requests, from every channel (as the
// server's post/session/my-prayers, which the prefetch pulls), answered ones included.
import { db } from './db';
import { toShownPost, type ShownPost } from './shown';

/** The viewer's own requests as shown (pending edits and prays on top), newest first. */
export async function readMyRequests(): Promise<ShownPost[]> {
  const rows = await db.posts.filter((row) => row.is_mine && row.type === 'REQUEST' && !row.local.deleted).toArray();
  return rows.map(toShownPost).sort((a, b) => b.feedAtMs - a.feedAtMs);
}
