// 'group.rotateInvite' (issue #28 item 2; docs/api.md 'Prayer groups' POST group/{id}/invite, admins):
// a new invite link, with an optional expiry and use limit; the old one stops working when the
// server makes the new one. The code is the server's, so the link shows with the ack (written into
// the group's row); while the entry waits the admin screen says a new link is coming instead of
// offering the old one (src/db/group-admin-reads.ts). A refusal leaves the row as it was.
import { db } from '../../model/db';
import { groupRow } from './group-create';
import type { OpModule } from './op-types';

export const groupRotateInvite: OpModule<'group.rotateInvite'> = {
  name: 'group.rotateInvite',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply() {},
  request: (entry) => ({ method: 'POST', path: `group/${entry.target.groupId}/invite`, body: { ...entry.body } }),
  async onAck(entry, response, ctx) {
    await db.groups.where('id').equals(entry.target.groupId).modify((row) => {
      row.invite = response.invite;
    });
    await ctx.rebase(groupRow(entry.target.groupId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
