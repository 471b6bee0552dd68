// 'user.sessionFinished' (docs/product.md §7 PUT user/session-finished): a session prayed offline carries
// its own finished_at, so it lands on its day however late the outbox sends it (docs/api.md).
import { nothingToShow } from './user-profile';
import type { OpModule } from './op-types';

export const userSessionFinished: OpModule<'user.sessionFinished'> = {
  name: 'user.sessionFinished',
  rows: () => [],
  apply: nothingToShow,
  request: (entry) => ({ method: 'PUT', path: 'user/session-finished', body: { ...entry.body } }),
  requires: () => [],
  async onAck(_entry, response, ctx) {
    await ctx.setTodayPrayerCount(response.today_prayer_count);
  },
  onRefuse: nothingToShow,
};
