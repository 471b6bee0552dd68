// 'group.removeMember' (issue #28 item 1; docs/api.md 'Prayer groups' DELETE group/{id}/member/{userId}
// of someone else, admins; leaving is 'group.leave'): the person leaves the member list at once
// (src/db/group-admin-reads.ts lays the waiting entry over what the screen read); the ack takes them
// out of it; a refusal (no longer an admin, the person already gone) shows them again.
import { updateGroupAdmin, withoutMember } from '../../model/group-admin-cache';
import { groupRow } from './group-create';
import type { OpModule } from './op-types';

export const groupRemoveMember: OpModule<'group.removeMember'> = {
  name: 'group.removeMember',
  rows: (entry) => groupRow(entry.target.groupId),
  // Nothing of the group's row changes: the list's overlay shows it (the server says the new member count).
  async apply() {},
  request: (entry) => ({
    method: 'DELETE',
    path: `group/${entry.target.groupId}/member/${entry.body.member.id}`,
    ...(entry.body.successor_id === undefined ? {} : { body: { successor_id: entry.body.successor_id } }),
  }),
  async onAck(entry, response, ctx) {
    await updateGroupAdmin(entry.target.groupId, (cache) => withoutMember(cache, response.user_id));
    await ctx.rebase(groupRow(entry.target.groupId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
