// 'user.profile' (docs/product.md §7 PUT user/profile): name, nickname, username and picture visibility,
// sent through the outbox so an edit made offline reaches the server once online. No rows
// change: the settings screen shows the pending body over the session's profile
// (src/db/account-reads.ts), and the ack's profile replaces the copy in meta.auth. A refusal
// (e.g. a username already taken) is recorded in `failed` and the server's value shows again.
import { nothingToShow, storeProfile } from './user-profile';
import type { OpModule } from './op-types';

export const userProfileEdit: OpModule<'user.profile'> = {
  name: 'user.profile',
  rows: () => [],
  apply: nothingToShow,
  request: (entry) => ({ method: 'PUT', path: 'user/profile', body: { ...entry.body } }),
  requires: () => [],
  async onAck(_entry, response) {
    await storeProfile(response.user);
  },
  onRefuse: nothingToShow,
};
