// 'user.channel' (docs/product.md §7 PUT user/channel {channel_id}).
import { nothingToShow, storeProfile } from './user-profile';
import type { OpModule } from './op-types';

export const userChannel: OpModule<'user.channel'> = {
  name: 'user.channel',
  rows: () => [],
  apply: nothingToShow,
  request: (entry) => ({ method: 'PUT', path: 'user/channel', body: { ...entry.body } }),
  requires: () => [],
  async onAck(_entry, response) {
    await storeProfile(response.user);
  },
  onRefuse: nothingToShow,
};
