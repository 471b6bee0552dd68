// 'group.edit' (issue #28 item 1; docs/api.md 'Prayer groups' PUT group/{id}, admins): a new name or
// description shows at once from the group's row (`local.edit`, laid over the server's by
// src/db/group-reads.ts), so a pull while it waits still shows it; the ack brings the group as the
// server has it; a refusal (no longer an admin, removed meanwhile) shows the server's again.
import { putServerRows } from '../../model/rows';
import { groupRow } from './group-create';
import { modifyRow } from './local-rows';
import type { OpModule } from './op-types';

export const groupEdit: OpModule<'group.edit'> = {
  name: 'group.edit',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply(entry) {
    await modifyRow('groups', entry.target.groupId, (row) => {
      row.local.edit = { ...row.local.edit, ...entry.body };
    });
  },
  request: (entry) => ({ method: 'PUT', path: `group/${entry.target.groupId}`, body: { ...entry.body } }),
  async onAck(entry, response, ctx) {
    await putServerRows('groups', [response.group]);
    await ctx.rebase(groupRow(entry.target.groupId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
