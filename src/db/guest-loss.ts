// What a guest would lose by logging out (issue #12 point 7): counted from this device's copy, as
// the logout warning shows it. The guest's own posts and lists, the posts they prayed for, and
// every change still waiting in the outbox (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol': shown, never dropped silently).
import { db } from '../model/db';

export type GuestLoss = { posts: number; prayers: number; lists: number; queued: number };

export const NO_LOSS: GuestLoss = { posts: 0, prayers: 0, lists: 0, queued: 0 };

export function isNothingLost(loss: GuestLoss): boolean {
  return loss.posts + loss.prayers + loss.lists + loss.queued === 0;
}

export async function readGuestLoss(viewerId: number | null): Promise<GuestLoss> {
  const [posts, prayers, lists, queued] = await Promise.all([
    viewerId === null ? 0 : db.posts.where('user_id').equals(viewerId).filter((post) => !post.local.deleted).count(),
    db.posts.filter((post) => post.isPrayed || post.local.pendingPrays > 0).count(),
    viewerId === null ? 0 : db.lists.where('user_id').equals(viewerId).filter((list) => !list.local.deleted).count(),
    db.outbox.count(),
  ]);
  return { posts, prayers, lists, queued };
}
