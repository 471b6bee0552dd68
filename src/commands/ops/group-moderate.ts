// 'group.moderate' (issue #28 item 3; docs/product.md §11 'Reports in a group'; docs/api.md 'Prayer
// groups'): a group's moderator or admin keeps hidden, restores or removes a reported post of the
// group or a comment on one (POST group/{id}/moderation/post|comment/{id} {action}). The same
// decision as the community's ('moderation.decide', whose local change and folding it shares);
// only the route and the queue it leaves differ: the group's, kept with the group's admin reads
// (src/model/group-admin-cache.ts), which the moderation screen reads with the pending decisions on
// top (src/db/group-moderation-reads.ts), so a decided item leaves at once and comes back if refused.
import type { ModerationKind } from '../../../common/moderation-contract';
import { updateGroupAdmin } from '../../model/group-admin-cache';
import type { GroupModerationTarget } from '../../model/group-moderation-types';
import { applyDecision, foldDecision, rowOf } from './moderation-decide';
import type { OpModule } from './op-types';

function kindAndId(target: GroupModerationTarget): { kind: ModerationKind; id: number } {
  return 'postId' in target ? { kind: 'post', id: target.postId } : { kind: 'comment', id: target.commentId };
}

export const groupModerate: OpModule<'group.moderate'> = {
  name: 'group.moderate',
  rows: (entry) => [rowOf(entry.target)],
  apply: (entry) => applyDecision(entry.target, entry.body.action),
  request: (entry) => {
    const { kind, id } = kindAndId(entry.target);
    return { method: 'POST', path: `group/${entry.target.groupId}/moderation/${kind}/${id}`, body: { action: entry.body.action } };
  },
  async onAck(entry, response, ctx) {
    const { kind, id } = kindAndId(entry.target);
    await updateGroupAdmin(entry.target.groupId, (cache) => {
      const reports = cache.reports;
      if (!reports?.items) return cache;
      const items = reports.items.filter((item) => item.kind !== kind || item.id !== id);
      return { ...cache, reports: { ...reports, items, total: Math.max(0, reports.total - (reports.items.length - items.length)) } };
    });
    await foldDecision(entry.target, response, ctx);
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase([rowOf(entry.target)]);
  },
};
