// Account actions of the settings, profile and mailed-link screens (docs/product.md §2, §7 User). Each is an
// online call through the sync worker (worker/account.ts), which also keeps the local copies the
// screens read with live queries (useAccountSettings, usePublicProfile, useSession). Failures are
// thrown as AuthError with the server's status, message and field errors.
import { AVATAR_MAX_BYTES, type SocialProvider } from '../../common/account-contract';
import type { ChangeEmailBody, ChangePasswordBody, DeleteLink, DownloadLink } from '../../worker/api-types';
import { syncEngine } from '../sync/client';
import { unwrap } from './auth';
import { forgetLastLogin } from './last-login';
import { holdTokens, markLoggedOut } from './session-sync';

/** The types the server accepts (it decides by magic bytes; this is the friendly first check). */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

type AvatarProblem = 'type' | 'size' | null;

export function checkAvatar(file: Pick<File, 'type' | 'size'>): AvatarProblem {
  if (!AVATAR_TYPES.some((type) => type === file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** GET user/settings into the local store; the result is also returned. */
export async function refreshSettings(): Promise<void> {
  unwrap(await (await syncEngine()).account('refreshSettings', null));
}

/** Issue #12: GET user/hidden-people into the local store (Settings, Hidden people). */
export async function refreshHiddenPeople(): Promise<void> {
  unwrap(await (await syncEngine()).account('refreshHiddenPeople', null));
}

/** GET user/profile/{slug} into the local store. */
export async function refreshProfile(slug: string): Promise<void> {
  unwrap(await (await syncEngine()).account('refreshProfile', { slug }));
}

export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const message = unwrap(await (await syncEngine()).account('changePassword', body)).message;
  void refreshSettings().catch(() => undefined); // has_password may have just become true
  return message;
}

/** PUT user/profile {email, current_password}: online only, a password must never wait in the outbox. */
export async function changeEmail(body: ChangeEmailBody): Promise<void> {
  unwrap(await (await syncEngine()).account('changeEmail', body));
  void refreshSettings().catch(() => undefined);
}

export async function uploadAvatar(file: File): Promise<void> {
  const bytes = await file.arrayBuffer();
  unwrap(await (await syncEngine()).account('uploadAvatar', { bytes, type: file.type }));
}

export async function removeAvatar(): Promise<void> {
  unwrap(await (await syncEngine()).account('removeAvatar', null));
}

/** POST user/delete-request: mails the confirmation link; returns when it expires (ISO). */
export async function requestAccountDeletion(): Promise<string> {
  return unwrap(await (await syncEngine()).account('deleteRequest', null)).expires_at;
}

/** POST user/download-request: mails the download link; returns when it expires (ISO). */
export async function requestDataDownload(): Promise<string> {
  return unwrap(await (await syncEngine()).account('downloadRequest', null)).expires_at;
}

/** POST user/delete-confirm; when the account was the one signed in here, this device forgets it too. */
export async function confirmAccountDeletion(link: DeleteLink): Promise<void> {
  const result = unwrap(await (await syncEngine()).confirmDelete(link));
  if (!result.signedOut) return;
  holdTokens({ memberToken: null, guestToken: null });
  markLoggedOut();
  forgetLastLogin();
}

/** GET user/download/...: the member's data as JSON, to save as a file. */
export async function downloadData(link: DownloadLink): Promise<Record<string, unknown>> {
  return unwrap(await (await syncEngine()).account('download', link));
}

const PROVIDER_STATE_KEY = 'prayer-oauth-state';

/** Starts a social sign-in (or a link, when signed in): the state is kept for the callback to check. */
export async function startProviderSignIn(provider: SocialProvider): Promise<void> {
  const { url, state } = unwrap(await (await syncEngine()).account('providerRedirect', { provider }));
  sessionStorage.setItem(PROVIDER_STATE_KEY, state);
  window.location.assign(url);
}

/** The callback's state must be the one this tab started with (a login forced on us is refused). */
export function isOurProviderState(returned: string | undefined): boolean {
  const expected = sessionStorage.getItem(PROVIDER_STATE_KEY);
  return expected !== null && expected === returned;
}

/** A state is good for one callback. */
export function forgetProviderState(): void {
  sessionStorage.removeItem(PROVIDER_STATE_KEY);
}

export async function disconnectProvider(provider: SocialProvider): Promise<void> {
  unwrap(await (await syncEngine()).account('providerDisconnect', { provider }));
}
