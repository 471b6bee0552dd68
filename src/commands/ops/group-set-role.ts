// 'group.setRole' (issue #28 item 1; docs/api.md 'Prayer groups' PUT group/{id}/member/{userId},
// admins): the member list shows the new role at once (src/db/group-admin-reads.ts lays the waiting
// entries over what the screen last read); a change of my own role shows in the group's row too
// (`local.role`: an admin stepping down stops seeing the admin's controls). The ack writes the
// answer into the read members (the successor an admin named becomes admin with it); a refusal
// leaves them as they were, which the list then shows again.
import type { GroupAdminCache } from '../../model/group-admin-types';
import { updateGroupAdmin, withRole } from '../../model/group-admin-cache';
import { groupRow } from './group-create';
import { modifyRow } from './local-rows';
import type { EntryOf, OpModule } from './op-types';

const isMine = (entry: EntryOf<'group.setRole'>) => entry.body.member.id === entry.accountId;

export const groupSetRole: OpModule<'group.setRole'> = {
  name: 'group.setRole',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply(entry) {
    if (!isMine(entry)) return;
    await modifyRow('groups', entry.target.groupId, (row) => {
      row.local.role = entry.body.role;
    });
  },
  request: (entry) => ({
    method: 'PUT',
    path: `group/${entry.target.groupId}/member/${entry.body.member.id}`,
    body: { role: entry.body.role, ...(entry.body.successor_id === undefined ? {} : { successor_id: entry.body.successor_id }) },
  }),
  async onAck(entry, response, ctx) {
    const { membership } = response;
    const successor = entry.body.successor_id;
    await updateGroupAdmin(entry.target.groupId, (cache): GroupAdminCache => {
      // The server promotes the successor only when an admin steps down (docs/api.md 'Prayer groups').
      const wasAdmin = cache.members.some((m) => m.user.id === membership.user_id && m.role === 'admin');
      const changed = withRole(cache, membership.user_id, membership.role);
      return successor !== undefined && wasAdmin && membership.role !== 'admin' ? withRole(changed, successor, 'admin') : changed;
    });
    if (isMine(entry)) {
      await modifyRow('groups', entry.target.groupId, (row) => {
        row.my_role = membership.role;
      });
    }
    await ctx.rebase(groupRow(entry.target.groupId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
