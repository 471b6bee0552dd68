// The 'user.*' ops (docs/product.md §7 User): a PUT of the user's own settings or prayer session.
// They change no rows: the page's channel/locale state (src/state) already shows the choice, and
// the server record follows through the outbox (docs/product.md §4 'can be synced to the user
// record'). The answer carries the caller's profile, which replaces the session's copy in
// meta.auth (the member's or the guest's, docs/product.md §6), or today's prayer count.
import type { ApiUser } from '../../../common/contract';
import { getAuth, setMeta } from '../../model/meta';
import type { OpName } from '../../model/outbox-types';
import type { OpContext, OpModuleOf } from './op-types';

export async function storeProfile(user: ApiUser): Promise<void> {
  const auth = await getAuth();
  if (auth.memberToken && auth.user?.id === user.id) await setMeta('auth', { ...auth, user });
  else if (auth.guest?.id === user.id) await setMeta('auth', { ...auth, guest: user });
}

async function nothingToShow(): Promise<void> {
  // No local rows change; see the module comment.
}

/** A PUT of the user's own record: its body as it is, nothing shown before the answer, which `onAck` stores. */
function userPut<N extends OpName, R>(name: N, path: string, onAck: (response: R, ctx: OpContext) => Promise<void>): OpModuleOf<N, { body: object }, R> {
  return {
    name,
    rows: () => [],
    apply: nothingToShow,
    request: (entry) => ({ method: 'PUT', path, body: { ...entry.body } }),
    requires: () => [],
    onAck: (_entry, response, ctx) => onAck(response, ctx),
    onRefuse: nothingToShow,
  };
}

const storeAnswer = (response: { user: ApiUser }) => storeProfile(response.user);
const storeTodayCount = (response: { today_prayer_count: number }, ctx: OpContext) => ctx.setTodayPrayerCount(response.today_prayer_count);

/**
 * 'user.profile' (PUT user/profile): name, nickname, username and picture visibility, sent through
 * the outbox so an edit made offline reaches the server once online. The settings screen shows
 * the pending body over the session's profile (src/db/account-reads.ts). A refusal (e.g. a
 * username already taken) is recorded in `failed` and the server's value shows again.
 */
export const userProfileEdit = userPut('user.profile', 'user/profile', storeAnswer);

/** 'user.channel' (PUT user/channel {channel_id}). */
export const userChannel = userPut('user.channel', 'user/channel', storeAnswer);

/** 'user.locale' (PUT user/locale {locale}; docs/product.md §4 channel and language synced to the user record). */
export const userLocale = userPut('user.locale', 'user/locale', storeAnswer);

/**
 * 'user.prayerSessionItemsQtd' (PUT user/prayer-session-items-qtd): how many items a prayer session
 * holds. While pending, readSessionSize (src/db/list-reads.ts) reads the entry; the ack stores the
 * server's value in meta.sessionItemsQtd.
 */
export const userPrayerSessionItemsQtd = userPut(
  'user.prayerSessionItemsQtd',
  'user/prayer-session-items-qtd',
  async (response: { user: ApiUser; session_items_qtd: number }) => {
    await storeProfile(response.user);
    await setMeta('sessionItemsQtd', response.session_items_qtd);
  },
);

/** 'user.todaySession' (PUT user/today-session): starts or resumes today's prayer session; its count refreshes the session's. */
export const userTodaySession = userPut('user.todaySession', 'user/today-session', storeTodayCount);

/**
 * 'user.sessionFinished' (PUT user/session-finished): a session prayed offline carries its own
 * finished_at, so it lands on its day however late the outbox sends it (docs/api.md).
 */
export const userSessionFinished = userPut('user.sessionFinished', 'user/session-finished', storeTodayCount);
