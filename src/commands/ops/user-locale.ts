// 'user.locale' (docs/product.md §7 PUT user/locale {locale}; docs/product.md §4 channel and language synced to the user record).
import { nothingToShow, storeProfile } from './user-profile';
import type { OpModule } from './op-types';

export const userLocale: OpModule<'user.locale'> = {
  name: 'user.locale',
  rows: () => [],
  apply: nothingToShow,
  request: (entry) => ({ method: 'PUT', path: 'user/locale', body: { ...entry.body } }),
  requires: () => [],
  async onAck(_entry, response) {
    await storeProfile(response.user);
  },
  onRefuse: nothingToShow,
};
