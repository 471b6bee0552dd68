// 'group.join' (issue #28 item 5; docs/api.md 'Prayer groups' POST invite/{code}/join): joining with
// a link already opened. When the screen had the invite's preview, the group shows at once from it
// (marked `joining`, with no invite link and the member's role); the ack brings the group as the
// server has it; a refusal (a rotated or used-up link, removed by an admin) takes away a row made
// only here, and the refused list says so. Joining twice is no error on the server.
import { db } from '../../model/db';
import { EMPTY_GROUP_LOCAL } from '../../model/group-types';
import { forgetRows, putServerRows } from '../../model/rows';
import { groupRow } from './group-create';
import { entryTime, modifyRow } from './local-rows';
import type { OpModule } from './op-types';

export const groupJoin: OpModule<'group.join'> = {
  name: 'group.join',
  rows: (entry) => (entry.target.groupId === undefined ? [] : groupRow(entry.target.groupId)),
  async apply(entry) {
    const preview = entry.body.group;
    if (!preview) return;
    const at = entryTime(entry);
    if (!(await db.groups.get(preview.id))) {
      await db.groups.add({
        ...preview, created_at: at, updated_at: at, my_role: 'member', my_notify: 'all', invite: null,
        member_count: preview.member_count + 1, local: { ...EMPTY_GROUP_LOCAL }, provisional: true,
      });
    }
    await modifyRow('groups', preview.id, (row) => {
      row.local.joining = true;
    });
  },
  request: (entry) => ({ method: 'POST', path: `invite/${encodeURIComponent(entry.body.code)}/join` }),
  requires: () => [],
  async onAck(entry, response, ctx) {
    await putServerRows('groups', [response.group]);
    await ctx.rebase(groupRow(response.group.id));
  },
  async onRefuse(entry, _error, ctx) {
    const id = entry.target.groupId;
    if (id === undefined) return;
    const row = await db.groups.get(id);
    // A row that only this join made (the server never sent it): it goes, with anything posted to it here.
    if (row?.provisional === true) await forgetRows('groups', [id]);
    await ctx.rebase(groupRow(id));
  },
};
