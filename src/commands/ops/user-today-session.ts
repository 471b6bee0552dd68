// 'user.todaySession' (docs/product.md §7 PUT user/today-session): starts or resumes today's prayer session
// on the server; the answer's today_prayer_count refreshes the session's count.
import { nothingToShow } from './user-profile';
import type { OpModule } from './op-types';

export const userTodaySession: OpModule<'user.todaySession'> = {
  name: 'user.todaySession',
  rows: () => [],
  apply: nothingToShow,
  request: (entry) => ({ method: 'PUT', path: 'user/today-session', body: { ...entry.body } }),
  requires: () => [],
  async onAck(_entry, response, ctx) {
    await ctx.setTodayPrayerCount(response.today_prayer_count);
  },
  onRefuse: nothingToShow,
};
