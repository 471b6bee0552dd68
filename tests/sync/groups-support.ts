// Shared steps of the prayer-group sync tests (issue #28 item 5): members made on the server
// directly (other people on other devices), this device signed in as a member, and the one pull.
import { expect } from 'vitest';
import type { AuthResponse } from '../../common/contract';
import type { ApiGroup, GroupResponse, JoinResponse } from '../../common/group-contract';
import { db } from '../../src/model/db';
import { getAuth } from '../../src/model/meta';
import { register } from '../../worker/auth';
import { catchUp, forgetCatchUps } from '../../worker/sync-pull';
import type { Harness } from './support';

let people = 0;
const email = (name: string) => `${name.toLowerCase()}-${process.pid}-${(people += 1)}-${Date.now()}@example.org`;

/** Someone on another device: a new member's token. */
export async function otherMember(h: Harness, name: string): Promise<{ token: string; id: number }> {
  const result = await h.api.call<AuthResponse>({ method: 'POST', path: 'auth/register', body: { name, email: email(name), password: 'long enough pw' }, token: null });
  if (!result.ok) throw new Error(`register ${name}: ${result.error.message}`);
  return { token: result.data.authorization.token, id: result.data.user.id };
}

/** This device's guest becomes a member (the same id), as the registration screen does. */
export async function deviceMember(h: Harness, name: string): Promise<number> {
  const result = await register(h.api, { name, email: email(name), password: 'long enough pw' });
  if (!result.ok || !result.session.user) throw new Error('register failed');
  return result.session.user.id;
}

/** This device's session token: its member's, or its guest's. */
export async function deviceToken(): Promise<string> {
  const auth = await getAuth();
  return auth.memberToken ?? auth.guestToken ?? '';
}

/** This device signed in as the member `me`, in a new group `groupName` made by `adminName` on another device. */
export async function joinedGroup(h: Harness, adminName: string, groupName: string, me: string): Promise<{ admin: { token: string; id: number }; group: ApiGroup; meId: number }> {
  const admin = await otherMember(h, adminName);
  const group = await groupOf(h, admin.token, groupName);
  const meId = await deviceMember(h, me);
  await join(h, await deviceToken(), group);
  return { admin, group, meId };
}

export async function call<T>(h: Harness, request: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: Record<string, unknown>; token: string }): Promise<T> {
  const result = await h.api.call<T>(request);
  if (!result.ok) throw new Error(`${request.method ?? 'GET'} ${request.path}: ${result.status} ${result.error.message}`);
  return result.data;
}

export async function groupOf(h: Harness, token: string, name: string): Promise<ApiGroup> {
  return (await call<GroupResponse>(h, { method: 'POST', path: 'group', body: { name }, token })).group;
}

export async function join(h: Harness, token: string, group: ApiGroup): Promise<JoinResponse> {
  return call<JoinResponse>(h, { method: 'POST', path: `invite/${group.invite?.code ?? ''}/join`, token });
}

/** One catch-up through GET sync/pull, as a start or a poll tick does. */
export async function pullOnce(h: Harness): Promise<void> {
  forgetCatchUps();
  const result = await catchUp(h.api, 'due');
  expect(result.ok).toBe(true);
}

export async function localGroupPosts(groupId: number): Promise<number[]> {
  return (await db.posts.where('group_id').equals(groupId).primaryKeys()).sort((a, b) => a - b);
}
