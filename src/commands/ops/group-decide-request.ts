// 'group.decideRequest' (issue #28 item 2; docs/api.md 'Prayer groups' POST
// group/{id}/join-request/{rid}/decide, admins): the request leaves the pending list at once
// (src/db/group-admin-reads.ts lays the waiting entry over it); the ack takes it out of what the
// screen read and, approved, puts the new member in the member list; a refusal (decided
// meanwhile by another admin, no longer an admin) shows it again.
import { updateGroupAdmin } from '../../model/group-admin-cache';
import { groupRow } from './group-create';
import type { OpModule } from './op-types';

export const groupDecideRequest: OpModule<'group.decideRequest'> = {
  name: 'group.decideRequest',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply() {},
  request: (entry) => ({
    method: 'POST', path: `group/${entry.target.groupId}/join-request/${entry.body.request.id}/decide`, body: { decision: entry.body.decision },
  }),
  async onAck(entry, response, ctx) {
    const { request, membership } = response;
    await updateGroupAdmin(entry.target.groupId, (cache) => {
      const requests = cache.requests?.filter((r) => r.id !== request.id) ?? null;
      const dropped = (cache.requests?.length ?? 0) - (requests?.length ?? 0);
      const known = cache.members.some((m) => m.user.id === request.user.id);
      const members = membership && !known ? [...cache.members, { user: request.user, role: membership.role, joined_at: membership.joined_at }] : cache.members;
      return {
        ...cache, requests, requestsTotal: Math.max(0, cache.requestsTotal - dropped),
        members, membersTotal: cache.membersTotal + (members.length - cache.members.length),
      };
    });
    await ctx.rebase(groupRow(entry.target.groupId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(groupRow(entry.target.groupId));
  },
};
