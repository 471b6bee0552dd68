// 'notifications.token' (docs/product.md §4 notification permission, §7 PUT notifications/token): this
// device's push token, sent through the outbox like every other write, so that a token obtained
// offline or just before the tab closes still reaches the server. It changes no rows; its ack
// records what the server holds, which the 7-day refresh rule (docs/product.md §9) reads.
import { setMeta } from '../../model/meta';
import type { OpModule } from './op-types';

export const notificationsToken: OpModule<'notifications.token'> = {
  name: 'notifications.token',
  rows: () => [],
  async apply() {
    // Nothing to show optimistically: the token only matters to the server.
  },
  request: (entry) => ({ method: 'PUT', path: 'notifications/token', body: { ...entry.body } }),
  requires: () => [],
  async onAck(entry) {
    // The time the registration was made (not the ack), so the refresh rule is one of the
    // user's clock and a slow queue does not postpone the next refresh.
    await setMeta('pushToken', { token: entry.body.token, registeredAt: entry.createdAt });
  },
  async onRefuse() {
    // Nothing was shown; the next app start with permission granted tries again.
  },
};
