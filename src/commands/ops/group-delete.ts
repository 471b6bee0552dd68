// 'group.delete' (issue #28 item 1; docs/api.md 'Prayer groups' DELETE group/{id}, admins): the group
// and its posts leave every screen at once (`local.deleted` hides them, as leaving does); on the
// ack its rows go from this device (its posts, their comments and notes, what the admin screen
// read of it); a refusal shows it again.
import { forgetRows } from '../../model/rows';
import { groupRow } from './group-create';
import { modifyRow } from './local-rows';
import type { OpModule } from './op-types';

export const groupDelete: OpModule<'group.delete'> = {
  name: 'group.delete',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply(entry) {
    await modifyRow('groups', entry.target.groupId, (row) => {
      row.local.deleted = true;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `group/${entry.target.groupId}` }),
  async onAck(entry) {
    await forgetRows('groups', [entry.target.groupId]);
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
