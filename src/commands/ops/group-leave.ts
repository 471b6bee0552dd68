// 'group.leave' (issue #28 item 5; docs/api.md 'Prayer groups' DELETE group/{id}/member/{userId} for
// oneself): the group and its posts leave every screen at once (`local.deleted` hides them); on
// the ack the group's rows go from this device (its posts, their comments and notes: a former
// member sees nothing of it, docs/product.md §11); a refusal (the last admin without a successor)
// shows it again.
import { db } from '../../model/db';
import { updateEndedGroups } from '../../model/ended-groups';
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
    // Issue #49 major 4: the group's page then says "You left" with its name (src/model/ended-groups.ts).
    const row = await db.groups.get(entry.target.groupId);
    await forgetRows('groups', [entry.target.groupId]);
    if (row) await updateEndedGroups([row.id], () => ({ name: row.local.edit?.name ?? row.name, reason: 'left', asked: false }));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
