// Issue #11: a moderator's decision on a reported post or comment, through the outbox like any
// other user action ('moderation.decide', src/commands/ops/moderation-decide.ts). The server
// refuses anyone not named in MODERATOR_EMAILS (403), which rolls the queue back.
import { MODERATION_ACTIONS, type ApiReportedItem, type ModerationAction } from '../../common/moderation-contract';
import type { ModerationTarget } from '../model/outbox-types';
import { fieldError } from './command-error';
import { commit, newEntry } from './commit';

function targetOf(item: Pick<ApiReportedItem, 'kind' | 'id' | 'list_item_id'>): ModerationTarget {
  if (item.kind === 'post') return { postId: item.id };
  return item.list_item_id === null ? { commentId: item.id } : { itemCommentId: item.id };
}

/** keep (hidden), restore (shown again) or remove (deleted for everyone). */
export async function decideReport(item: Pick<ApiReportedItem, 'kind' | 'id' | 'list_item_id'>, action: ModerationAction): Promise<void> {
  if (!MODERATION_ACTIONS.includes(action)) throw fieldError('action', 'Choose keep hidden, restore or remove.');
  await commit(async () => newEntry('moderation.decide', targetOf(item), { action }));
}
