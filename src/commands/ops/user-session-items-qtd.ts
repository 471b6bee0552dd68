// 'user.prayerSessionItemsQtd' (docs/product.md §7 PUT user/prayer-session-items-qtd): how many items a
// prayer session holds. While pending, readSessionSize (src/db/list-reads.ts) reads the entry;
// the ack stores the server's value in meta.sessionItemsQtd.
import { setMeta } from '../../model/meta';
import { nothingToShow, storeProfile } from './user-profile';
import type { OpModule } from './op-types';

export const userPrayerSessionItemsQtd: OpModule<'user.prayerSessionItemsQtd'> = {
  name: 'user.prayerSessionItemsQtd',
  rows: () => [],
  apply: nothingToShow,
  request: (entry) => ({ method: 'PUT', path: 'user/prayer-session-items-qtd', body: { ...entry.body } }),
  requires: () => [],
  async onAck(_entry, response) {
    await storeProfile(response.user);
    await setMeta('sessionItemsQtd', response.session_items_qtd);
  },
  onRefuse: nothingToShow,
};
