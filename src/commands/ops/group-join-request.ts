// 'group.joinRequest' (issue #28 item 2; docs/api.md 'Prayer groups' POST group/{id}/join-request):
// asking to join a group whose invite link has expired or is used up (the /g/{code} page showed
// its preview). The person is not a member, so no row of this device changes: the request only
// waits in the outbox, and an admin's approval brings the group through the one pull. Asking twice
// is no error on the server (the same pending request); a refusal (already a member: 409) goes to
// the refused list like any other.
import { updateEndedGroups } from '../../model/ended-groups';
import type { OpModule } from './op-types';

export const groupJoinRequest: OpModule<'group.joinRequest'> = {
  name: 'group.joinRequest',
  rows: () => [],
  async apply() {
    // Nothing shown changes until an admin decides.
  },
  request: (entry) => ({ method: 'POST', path: `group/${entry.target.groupId}/join-request` }),
  // The group exists on the server (its preview came from there); it is not this device's row.
  requires: () => [],
  async onAck(entry) {
    // The request is pending on the server; an approval comes with the pull's groups section. The
    // page of a group I was removed from or left says it was sent (issue #49 major 4).
    await updateEndedGroups([entry.target.groupId], (held) => (held ? { ...held, asked: true } : null));
  },
  async onRefuse() {
    // Nothing was changed here.
  },
};
