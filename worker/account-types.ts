// The accounts area's side of the page <-> worker boundary (docs/product.md §7 Auth and User calls that are
// online by nature: recovery mail, password, avatar bytes, account links, mailed-link
// confirmations, fresh reads of settings and profiles). One typed map, so SyncApi grows by one
// method instead of one per call; every value crosses postMessage by structured clone.
import type { AccountLinkResponse, ApiPublicProfile, ApiProviderStatus, ApiUserSettings, MessageResponse, ProviderRedirectResponse, SocialProvider } from '../common/account-contract';
import type { ApiError, ApiUser } from '../common/contract';
import type { HiddenPeopleResponse } from '../common/hidden-people-contract';
import type { PushConfigResponse } from '../common/push-config';
import type { GroupResponse, InvitePreviewResponse } from '../common/group-contract';

/** The outcome of a call: the server's data, or its error (status 0: no answer arrived). */
export type CallResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export type ResetPasswordBody = { token: string; password: string };
export type ChangePasswordBody = { current_password?: string; password: string };
export type ChangeEmailBody = { email: string; current_password?: string };
export type AvatarUpload = { bytes: ArrayBuffer; type: string };
export type GroupPictureUpload = AvatarUpload & { groupId: number };
export type DeleteLink = { guid: string; user_id: number; hash: string; code: string };
export type DownloadLink = { guid: string; time: number; user_id: number; hash: string };
export type ProviderCallbackQuery = { provider: SocialProvider; query: Record<string, string> };

/** Name -> arguments and result of each call (worker/account.ts implements them). */
export type AccountCalls = {
  forgotPassword: { args: { email: string }; result: MessageResponse };
  /** GET user/settings into meta 'accountSettings' (useAccountSettings). */
  refreshSettings: { args: null; result: ApiUserSettings };
  /** GET user/profile/{slug} into the users table (usePublicProfile). */
  refreshProfile: { args: { slug: string }; result: ApiPublicProfile };
  /** Issue #12: GET user/hidden-people into meta 'hiddenPeople' (src/db/hidden-people.ts). */
  refreshHiddenPeople: { args: null; result: HiddenPeopleResponse };
  changePassword: { args: ChangePasswordBody; result: MessageResponse };
  changeEmail: { args: ChangeEmailBody; result: { user: ApiUser } };
  uploadAvatar: { args: AvatarUpload; result: { user: ApiUser } };
  removeAvatar: { args: null; result: { user: ApiUser } };
  deleteRequest: { args: null; result: AccountLinkResponse };
  downloadRequest: { args: null; result: AccountLinkResponse };
  download: { args: DownloadLink; result: Record<string, unknown> };
  providerRedirect: { args: { provider: SocialProvider }; result: ProviderRedirectResponse };
  providerDisconnect: { args: { provider: SocialProvider }; result: ApiProviderStatus };
  /** Issue #13: GET notifications/push-config, the server's push provider and VAPID key (src/platform/web-push.ts). */
  pushConfig: { args: null; result: PushConfigResponse };
  /** Issue #28: GET invite/{code}, what an invite link shows before joining (src/routes/_app/group/-invite-preview.ts). */
  invitePreview: { args: { code: string }; result: InvitePreviewResponse };
  /** Issue #28 item 1: POST group/{id}/picture (admins), the group's row replaced by the answer (src/sync/group-picture-client.ts). */
  uploadGroupPicture: { args: GroupPictureUpload; result: GroupResponse };
  /** Issue #28 item 1: DELETE group/{id}/picture (admins), likewise. */
  removeGroupPicture: { args: { groupId: number }; result: GroupResponse };
};

export type AccountCallName = keyof AccountCalls;
