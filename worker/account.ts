// The accounts area's online calls (worker/account-types.ts AccountCalls), run by the sync worker,
// the only code that talks to /api/v1. Reads land in the local store (meta 'accountSettings', the
// users table) so the screens read them with live queries and show them offline; writes that need
// the network by nature (a password, image bytes, a mailed link) are answered here, and the
// profile the server returns replaces the session's copy in meta.auth.
import type { ApiPublicProfile, ApiUserSettings } from '../common/account-contract';
import type { GroupResponse } from '../common/group-contract';
import type { HiddenPeopleResponse } from '../common/hidden-people-contract';
import { buildApiHeaders } from '../common/api-headers';
import { SYNC_LOCK } from '../common/constants';
import { isErrorCode } from '../common/error-codes';
import type { ApiError, ApiUser, Envelope } from '../common/contract';
import { storeProfile } from '../src/commands/ops/user-profile';
import { db, writeTables } from '../src/model/db';
import { storeHiddenPeople } from '../src/db/hidden-people';
import { getAuth, setMeta } from '../src/model/meta';
import { readChannel } from '../src/db/reads';
import type { AccountCallName, AccountCalls, AvatarUpload, CallResult } from './account-types';
import type { ApiClient, ApiResult } from './api-client';
import { withLock } from './locks';
import { storeGroupAnswer } from './pull-group-admin';

type Handler<K extends AccountCallName> = (api: ApiClient, args: AccountCalls[K]['args']) => Promise<CallResult<AccountCalls[K]['result']>>;

function settle<T>(result: ApiResult<T>): CallResult<T> {
  return result.ok ? { ok: true, data: result.data } : { ok: false, error: result.error };
}

/** The answer carries the caller's profile: it replaces the session's copy (useSession shows it). */
async function withProfile<T extends { user: ApiUser }>(result: ApiResult<T>): Promise<CallResult<T>> {
  if (result.ok) await storeProfile(result.data.user);
  return settle(result);
}

async function refreshSettings(api: ApiClient): Promise<CallResult<ApiUserSettings>> {
  const result = await api.call<{ settings: ApiUserSettings }>({ path: 'user/settings' });
  if (!result.ok) return settle(result);
  await setMeta('accountSettings', result.data.settings);
  return { ok: true, data: result.data.settings };
}

async function refreshProfile(api: ApiClient, slug: string): Promise<CallResult<ApiPublicProfile>> {
  const result = await api.call<{ profile: ApiPublicProfile }>({ path: `user/profile/${encodeURIComponent(slug)}` });
  if (!result.ok) {
    // A profile the server no longer knows must not keep showing from the local copy.
    if (result.status === 404) await db.users.where('username').equals(slug.toLowerCase()).delete();
    return settle(result);
  }
  await db.users.put({ ...result.data.profile, fetchedAt: Date.now() });
  return { ok: true, data: result.data.profile };
}

/**
 * Issue #12: the people hidden on any device. While a hide or show of this device waits in the
 * outbox, the local list already says more than the server's: it is kept until they are sent.
 */
async function refreshHiddenPeople(api: ApiClient): Promise<CallResult<HiddenPeopleResponse>> {
  const result = await api.call<HiddenPeopleResponse>({ path: 'user/hidden-people' });
  if (!result.ok) return settle(result);
  const people = result.data.people;
  await db.transaction('rw', writeTables(), async () => {
    const pending = await db.outbox.where('op').anyOf('person.hide', 'person.show').count();
    if (pending === 0) await storeHiddenPeople(people);
  });
  return { ok: true, data: result.data };
}

const JSON_MESSAGE_FALLBACK = 'The picture could not be uploaded';

/**
 * POST an image as the raw body (user/avatar, group/{id}/picture): the API client speaks JSON only,
 * so this one call builds the same docs/product.md §7 headers itself. The server decides the type by
 * magic bytes and answers 413 over 2 MB; the screens check both first (a clear message without a round trip).
 */
async function uploadImage<T>(api: ApiClient, path: string, upload: AvatarUpload): Promise<CallResult<T>> {
  const [auth, channel] = await Promise.all([getAuth(), readChannel()]);
  const headers = { ...buildApiHeaders({ tokens: auth, channel }), 'content-type': upload.type || 'application/octet-stream' };
  try {
    const response = await fetch(`${api.apiBase.replace(/\/$/, '')}/${path}`, { method: 'POST', headers, body: upload.bytes });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isEnvelope<T>(body)) return { ok: true, data: body.data };
    return { ok: false, error: errorBody(response.status, body) };
  } catch (err) {
    return { ok: false, error: { status: 0, message: `Network error: ${err instanceof Error ? err.message : String(err)}` } };
  }
}

async function uploadAvatar(api: ApiClient, upload: AvatarUpload): Promise<CallResult<{ user: ApiUser }>> {
  const result = await uploadImage<{ user: ApiUser }>(api, 'user/avatar', upload);
  if (result.ok) await storeProfile(result.data.user);
  return result;
}

/**
 * Issue #28 item 1: the answer's group replaces its row here, so the new picture shows on every
 * screen; under SYNC_LOCK as every pull of a group (worker/pull-group-admin.ts).
 */
async function withGroup(result: CallResult<GroupResponse> | ApiResult<GroupResponse>): Promise<CallResult<GroupResponse>> {
  if (!result.ok) return { ok: false, error: result.error };
  const { group } = result.data;
  await withLock(SYNC_LOCK, () => storeGroupAnswer(group));
  return { ok: true, data: result.data };
}

function isEnvelope<T>(body: unknown): body is Envelope<T> {
  return typeof body === 'object' && body !== null && 'data' in body;
}

function errorBody(status: number, body: unknown): ApiError {
  if (typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') {
    return { status, message: JSON_MESSAGE_FALLBACK };
  }
  const errors = 'errors' in body && typeof body.errors === 'object' && body.errors !== null ? readErrors(body.errors) : undefined;
  // The code (avatar.too_large...) lets the screen say in its language what was wrong with the image.
  const code = 'code' in body && isErrorCode(body.code) ? { code: body.code } : {};
  return errors ? { status, message: body.message, errors, ...code } : { status, message: body.message, ...code };
}

function readErrors(errors: object): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return fields;
}

const HANDLERS: { [K in AccountCallName]: Handler<K> } = {
  forgotPassword: async (api, body) =>
    settle(await api.call({ method: 'POST', path: 'auth/forgot-password', body: { ...body }, token: null, botCheck: { action: 'mail' } })),
  refreshSettings: (api) => refreshSettings(api),
  refreshProfile: (api, { slug }) => refreshProfile(api, slug),
  refreshHiddenPeople: (api) => refreshHiddenPeople(api),
  changePassword: async (api, body) => settle(await api.call({ method: 'PUT', path: 'user/password', body: { ...body } })),
  changeEmail: async (api, body) => withProfile(await api.call<{ user: ApiUser }>({ method: 'PUT', path: 'user/profile', body: { ...body } })),
  uploadAvatar: (api, upload) => uploadAvatar(api, upload),
  removeAvatar: async (api) => withProfile(await api.call<{ user: ApiUser }>({ method: 'DELETE', path: 'user/avatar' })),
  deleteRequest: async (api) => settle(await api.call({ method: 'POST', path: 'user/delete-request' })),
  downloadRequest: async (api) => settle(await api.call({ method: 'POST', path: 'user/download-request' })),
  download: async (api, link) => settle(await api.call({ path: `user/download/${link.guid}/${link.time}/${link.user_id}/${link.hash}` })),
  providerRedirect: async (api, { provider }) => settle(await api.call({ path: `auth/provider/${provider}/redirect` })),
  providerDisconnect: async (api, { provider }) => {
    const result = settle(await api.call<AccountCalls['providerDisconnect']['result']>({ method: 'DELETE', path: `user/provider/disconnect/${provider}` }));
    if (result.ok) await refreshSettings(api);
    return result;
  },
  pushConfig: async (api) => settle(await api.call({ path: 'notifications/push-config', token: null })),
  invitePreview: async (api, { code }) => settle(await api.call({ path: `invite/${encodeURIComponent(code)}` })),
  uploadGroupPicture: async (api, { groupId, ...upload }) => withGroup(await uploadImage<GroupResponse>(api, `group/${groupId}/picture`, upload)),
  removeGroupPicture: async (api, { groupId }) => withGroup(await api.call<GroupResponse>({ method: 'DELETE', path: `group/${groupId}/picture` })),
};

export function accountCall<K extends AccountCallName>(api: ApiClient, name: K, args: AccountCalls[K]['args']): Promise<CallResult<AccountCalls[K]['result']>> {
  const handler: Handler<K> = HANDLERS[name];
  return handler(api, args);
}
