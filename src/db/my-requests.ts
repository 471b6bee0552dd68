// docs/product.md §2 /lists/my-prayers: the viewer's own prayer requests, from every channel (as the
// server's post/session/my-prayers, which the prefetch pulls), answered ones included.
import { db } from '../model/db';
import { toShownPost, type ShownPost } from '../model/shown';

/** The viewer's own requests as shown (pending edits and prays on top), newest first. */
export async function readMyRequests(): Promise<ShownPost[]> {
  // The `mine` index holds only the viewer's own live posts, by feed position (issue #10).
  const rows = await db.posts.orderBy('mine').reverse().toArray();
  return rows.map(toShownPost).filter((post) => post.type === 'REQUEST');
}
