// Issue #11: the review queue as a moderator's screen shows it: the first page last pulled
// (meta.moderationQueue, worker/pull-moderation.ts) with this account's pending decisions on top,
// so a decided item leaves the queue at once, offline too, and comes back if it is refused.
import type { ApiReportedItem, ModerationAction } from '../../common/moderation-contract';
import { Dexie } from 'dexie';
import { db } from '../model/db';
import { getAuth, getMeta, viewerId } from '../model/meta';
import { acctsOfViewer } from '../model/outbox-index';
import type { ModerationQueueMeta } from '../model/meta-types';
import type { ModerationTarget, OutboxEntry, OutboxEntryOf } from '../model/outbox-types';

export type ModerationQueueView = {
  /** Items no decision is pending for. */
  items: ApiReportedItem[];
  /** Decisions made here and not yet acknowledged, by queue key ('post:12'). */
  pending: Record<string, ModerationAction>;
  total: number;
  pulledAt: number;
};

/** The queue's key of a target: its kind and server id (ApiReportedItem kind + id). */
export function moderationKey(target: ModerationTarget): string {
  return 'postId' in target ? `post:${target.postId}` : `comment:${'commentId' in target ? target.commentId : target.itemCommentId}`;
}

/**
 * null: never pulled for this account on this device. One transaction, so the pending decisions
 * are read for the queue read with them; its body a chain of Dexie promises (src/db/reads.ts readSyncSnapshot).
 */
export function readModerationQueue(): Promise<ModerationQueueView | null> {
  return db.transaction('r', db.meta, db.outbox, () =>
    Dexie.Promise.all([getAuth(), getMeta('moderationQueue')]).then(([auth, queue]) => {
      const viewer = viewerId(auth);
      if (!queue || viewer === null || queue.viewer !== viewer) return null;
      const keys = acctsOfViewer(viewer).map((acct): [string, number] => ['moderation.decide', acct]);
      return db.outbox.where('[op+acct]').anyOf(keys).toArray().then((entries) => queueView(queue, entries));
    }),
  );
}

function queueView(queue: ModerationQueueMeta, entries: OutboxEntry[]): ModerationQueueView {
  const pending: Record<string, ModerationAction> = {};
  for (const entry of entries) {
    if (entry.op !== 'moderation.decide') continue;
    const decision: OutboxEntryOf<'moderation.decide'> = entry;
    pending[moderationKey(decision.target)] = decision.body.action;
  }
  const items = queue.items.filter((item) => pending[`${item.kind}:${item.id}`] === undefined);
  return { items, pending, total: queue.total, pulledAt: queue.pulledAt };
}
