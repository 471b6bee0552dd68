// Shared by the 'user.*' ops: the server's answer carries the caller's profile, which replaces
// the session's copy in meta.auth (the member's or the guest's, docs/product.md §6). Settings ops change
// no rows: the page's channel/locale state (src/state) already shows the choice, and the server
// record follows through the outbox (docs/product.md §4 'can be synced to the user record').
import type { ApiUser } from '../../../common/contract';
import { getAuth, setMeta } from '../../model/meta';

export async function storeProfile(user: ApiUser): Promise<void> {
  const auth = await getAuth();
  if (auth.memberToken && auth.user?.id === user.id) await setMeta('auth', { ...auth, user });
  else if (auth.guest?.id === user.id) await setMeta('auth', { ...auth, guest: user });
}

export async function nothingToShow(): Promise<void> {
  // No local rows change; see the module comment.
}
