// Auth and channel/locale state for screens (docs/product.md §4). Reading the session is useSession() in
// src/db/queries.ts; these are the actions.
import type { ChannelId } from '../../common/contract';
import type { ChannelMeta } from '../model/meta-types';
import { pulls } from '../sync/client';
import { storeChannel } from './channel';

export { AuthError, UnsentChangesError, completeProviderSignIn, continueAsGuest, forgotPassword, login, logout, register, resetPassword } from './auth';
export * from './account';
export { forgetLastLogin, readLastLogin, type LastLogin } from './last-login';
export { LOGGED_OUT_FLAG } from './session-sync';
export { hasAnyToken } from './held-session';

/** Switches the channel (cookie + state) and pulls its feed. */
export async function setChannel(id: ChannelId): Promise<ChannelMeta> {
  const channel = await storeChannel(id);
  void pulls.feed({});
  return channel;
}
