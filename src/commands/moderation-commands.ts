// Issue #11: a moderator's decision on a reported post or comment, through the outbox like any
// other user action ('moderation.decide', src/commands/ops/moderation-decide.ts). The server
// refuses anyone not named in MODERATOR_EMAILS (403), which rolls the queue back.
import { MODERATION_ACTIONS, type ApiReportedItem, type ModerationAction } from '../../common/moderation-contract';
import type { GroupModerationTarget } from '../model/group-moderation-types';
import type { ModerationTarget } from '../model/outbox-types';
import { CommandError, fieldError } from './command-error';
import { commit, newEntry } from './commit';
import { requireRow } from './guards';

function targetOf(item: Pick<ApiReportedItem, 'kind' | 'id' | 'list_item_id'>): ModerationTarget {
  if (item.kind === 'post') return { postId: item.id };
  return item.list_item_id === null ? { commentId: item.id } : { itemCommentId: item.id };
}

/** keep (hidden), restore (shown again) or remove (deleted for everyone). */
export async function decideReport(item: Pick<ApiReportedItem, 'kind' | 'id' | 'list_item_id'>, action: ModerationAction): Promise<void> {
  if (!MODERATION_ACTIONS.includes(action)) throw fieldError('action', 'Choose keep hidden, restore or remove.');
  await commit(async () => newEntry('moderation.decide', targetOf(item), { action }));
}

/**
 * Issue #28 item 3: a decision on a report of a group's post or of a comment on one, by the
 * group's moderators and admins ('group.moderate'; docs/product.md §11 'Reports in a group').
 */
export async function decideGroupReport(groupId: number, item: Pick<ApiReportedItem, 'kind' | 'id'>, action: ModerationAction): Promise<void> {
  if (!MODERATION_ACTIONS.includes(action)) throw fieldError('action', 'Choose keep hidden, restore or remove.');
  await commit(async () => {
    const group = await requireRow('groups', groupId);
    if ((group.local.role ?? group.my_role) === 'member') {
      throw new CommandError(403, 'Only the group\'s moderators and admins review its reports', undefined, { code: 'moderation.not_moderator' });
    }
    const target: GroupModerationTarget = item.kind === 'post' ? { groupId, postId: item.id } : { groupId, commentId: item.id };
    return newEntry('group.moderate', target, { action });
  });
}
