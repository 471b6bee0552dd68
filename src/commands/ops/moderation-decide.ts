// 'moderation.decide' (issue #11: a moderator keeps hidden, restores or removes a reported post
// or comment; POST moderation/post/{id} or moderation/comment/{id} {action}). The review screen
// reads the queue (meta.moderationQueue) with the pending decisions on top (src/db/moderation-reads.ts),
// so a decided item leaves the queue at once and comes back if the decision is refused.
// Keep and remove also hide the row here at once if this device holds it (a moderator may hold a
// post that guests alone reported, which is still shown); restore changes nothing local: a hidden
// post is not in a moderator's store, and the next pull brings it back.
import { db } from '../../model/db';
import { getMeta, setMeta } from '../../model/meta';
import { moderationKey } from '../../db/moderation-reads';
import type { ModerationTarget } from '../../model/outbox-types';
import type { ModerationAction, ModerationDecisionResponse } from '../../../common/moderation-contract';
import type { RowRef } from '../../model/types';
import { modifyRow } from './local-rows';
import type { OpContext, OpModule } from './op-types';

/** The row a decision touches (also for a group's decisions, 'group.moderate'). */
export function rowOf(target: ModerationTarget): RowRef {
  if ('postId' in target) return { table: 'posts', id: target.postId };
  if ('commentId' in target) return { table: 'comments', id: target.commentId };
  return { table: 'itemComments', id: target.itemCommentId };
}

async function hideLocally(target: ModerationTarget): Promise<void> {
  const hide = (row: { local: { deleted: boolean } }) => {
    row.local.deleted = true;
  };
  if ('postId' in target) await modifyRow('posts', target.postId, hide);
  else if ('commentId' in target) await modifyRow('comments', target.commentId, hide);
  else await db.itemComments.where('id').equals(target.itemCommentId).modify(hide);
}

async function forgetRow(target: ModerationTarget): Promise<void> {
  if ('commentId' in target) await db.comments.delete(target.commentId);
  else if ('itemCommentId' in target) await db.itemComments.delete(target.itemCommentId);
}

/** The optimistic change of a decision: keep and remove hide the row here at once; restore waits for the server. */
export async function applyDecision(target: ModerationTarget, action: ModerationAction): Promise<void> {
  if (action !== 'restore') await hideLocally(target);
}

/** The server's decision folded in: a row still shown is rebased, one hidden or deleted leaves this device's store. */
export async function foldDecision(target: ModerationTarget, response: ModerationDecisionResponse, ctx: OpContext): Promise<void> {
  const isHidden = response.decision.deleted || response.decision.visibility !== 0;
  if (!isHidden) {
    await ctx.rebase([rowOf(target)]);
    return;
  }
  // Hidden from everyone but its author now (or deleted): it leaves this device's store.
  if ('postId' in target) await ctx.forgetPost(target.postId);
  else await forgetRow(target);
}

export const moderationDecide: OpModule<'moderation.decide'> = {
  name: 'moderation.decide',
  rows: (entry) => [rowOf(entry.target)],
  apply: (entry) => applyDecision(entry.target, entry.body.action),
  request: (entry) => {
    const row = rowOf(entry.target);
    const kind = row.table === 'posts' ? 'post' : 'comment';
    return { method: 'POST', path: `moderation/${kind}/${row.id}`, body: { action: entry.body.action } };
  },
  async onAck(entry, response, ctx) {
    const queue = await getMeta('moderationQueue');
    const key = moderationKey(entry.target);
    if (queue) {
      const items = queue.items.filter((item) => `${item.kind}:${item.id}` !== key);
      await setMeta('moderationQueue', { ...queue, items, total: Math.max(0, queue.total - (queue.items.length - items.length)) });
    }
    await foldDecision(entry.target, response, ctx);
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase([rowOf(entry.target)]);
  },
};
