// 'group.notify' (issue #28 item 6; docs/api.md 'Prayer groups' PUT group/{id}/notify): which of a
// group's new posts notify me. The choice shows at once through `local.notify` (the row's
// `my_notify` stays the server's, so a refusal's rebase shows the server's again and the refused
// list names it); the ack brings the group as the server has it. A group made offline is waited for.
import { putServerRows } from '../../model/rows';
import { groupRow } from './group-create';
import { modifyRow } from './local-rows';
import type { OpModule } from './op-types';

export const groupNotify: OpModule<'group.notify'> = {
  name: 'group.notify',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply(entry) {
    await modifyRow('groups', entry.target.groupId, (row) => {
      row.local.notify = entry.body.level;
    });
  },
  request: (entry) => ({ method: 'PUT', path: `group/${entry.target.groupId}/notify`, body: { ...entry.body } }),
  async onAck(_entry, response, ctx) {
    await putServerRows('groups', [response.group]);
    await ctx.rebase(groupRow(response.group.id));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
