// 'group.leave' (issue #28 item 5; docs/api.md 'Prayer groups' DELETE group/{id}/member/{userId} for
// oneself): the group and its posts leave every screen at once (`local.deleted` hides them); on
// the ack the group's rows go from this device (its posts, their comments and notes: a former
// member sees nothing of it, docs/product.md §11); a refusal (the last admin without a successor)
// shows it again.
import { forgetRows } from '../../model/rows';
import { groupRow } from './group-create';
import { modifyRow } from './local-rows';
import type { OpModule } from './op-types';

export const groupLeave: OpModule<'group.leave'> = {
  name: 'group.leave',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply(entry) {
    await modifyRow('groups', entry.target.groupId, (row) => {
      row.local.deleted = true;
    });
  },
  // The account that left is the entry's own (commit stamps it; the command refuses without one).
  request: (entry) => ({
    method: 'DELETE', path: `group/${entry.target.groupId}/member/${String(entry.accountId)}`, ...(entry.body ? { body: { ...entry.body } } : {}),
  }),
  async onAck(entry) {
    await forgetRows('groups', [entry.target.groupId]);
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
