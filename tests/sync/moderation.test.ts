// Issue #11: 'moderation.decide' through the outbox against the real server. The review screen's
// read (readModerationQueue) drops a decided item at once (optimistic), the ack removes it from
// the pulled queue and the server applies it once; a refusal (403: not a moderator) brings the
// item and the row back and is recorded in `failed`.
import { describe, expect, it } from 'vitest';
import type { AuthResponse, GuestAuthResponse, PostResponse } from '../../common/contract';
import { decideReport } from '../../src/commands';
import { db } from '../../src/model/db';
import { getAuth, getMeta, setMeta, viewerId } from '../../src/model/meta';
import { readModerationQueue } from '../../src/db/moderation-reads';
import { login, register } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import { pullFeed } from '../../worker/pull';
import { pullModerationQueue } from '../../worker/pull-moderation';
import { direct, sentMutations, useHarness } from './support';

const MODERATOR = `sync-moderator-${process.pid}@prayer.local`;
const h = useHarness({ moderatorEmails: [MODERATOR] });

/** A call as someone with no session on this device (another person on another device). */
async function anonymous<T>(call: { method: 'POST'; path: string; body: Record<string, unknown> }): Promise<T> {
  const result = await h.api.call<T>({ ...call, token: null });
  if (!result.ok) throw new Error(`${call.path}: ${result.status} ${result.error.message}`);
  return result.data;
}

let counter = 0;
async function memberToken(): Promise<string> {
  counter += 1;
  const body = { name: `Member ${counter}`, email: `sync-mod-${counter}-${Date.now()}@prayer.local`, password: 'long-enough-pw' };
  return (await anonymous<AuthResponse>({ method: 'POST', path: 'auth/register', body })).authorization.token;
}

async function guestToken(): Promise<string> {
  return (await anonymous<GuestAuthResponse>({ method: 'POST', path: 'guest/login', body: {} })).authorization.token;
}

/** A member's post that `reporters` members report (3: hidden by members). */
async function reportedPost(text: string, reporters: string[]): Promise<number> {
  const { post } = await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text, type: 'REQUEST' }, token: await memberToken() });
  for (const token of reporters) await direct(h, { method: 'POST', path: `post/${post.id}/report`, body: { type: 'spam' }, token });
  return post.id;
}

let isRegistered = false;
async function signInAsModerator(): Promise<void> {
  const credentials = { email: MODERATOR, password: 'long-enough-pw' };
  const result = isRegistered ? await login(h.api, credentials) : await register(h.api, { name: 'Sync Moderator', ...credentials });
  isRegistered = true;
  expect(result.ok).toBe(true);
  expect((await getAuth()).user?.is_moderator).toBe(true);
}

const anonymousStatus = async (id: number) => (await h.api.call({ path: `post/${id}`, token: null })).status;

describe("'moderation.decide'", () => {
  it('restore: leaves the queue at once, is sent once, and the post is shown to everyone again', async () => {
    const members = [await memberToken(), await memberToken(), await memberToken()];
    const id = await reportedPost('Hidden by three members', members);
    expect(await anonymousStatus(id)).toBe(404);
    await signInAsModerator();
    expect((await pullModerationQueue(h.api)).ok).toBe(true);
    const item = (await readModerationQueue())?.items.find((i) => i.kind === 'post' && i.id === id);
    expect(item).toMatchObject({ member_reports: 3, visibility: 4 });
    if (!item) return;

    await decideReport(item, 'restore');
    const optimistic = await readModerationQueue();
    expect(optimistic?.items.some((i) => i.id === id && i.kind === 'post')).toBe(false);
    expect(optimistic?.pending[`post:${id}`]).toBe('restore');

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, refused: 0, remaining: 0 });
    expect(sentMutations(h.calls).map((c) => [c.method, c.path])).toContainEqual(['POST', `moderation/post/${id}`]);
    expect((await getMeta('moderationQueue'))?.items.some((i) => i.kind === 'post' && i.id === id)).toBe(false);
    expect((await readModerationQueue())?.pending).toEqual({});
    expect(await anonymousStatus(id)).toBe(200);
  });

  it('keep hidden: a post only guests reported, held here, is hidden at once and leaves the store on the ack', async () => {
    const guest = await guestToken();
    const id = await reportedPost('Reported by a guest only', [guest]);
    await signInAsModerator();
    await pullFeed(h.api, {});
    expect((await db.posts.get(id))?.local.deleted).toBe(false);
    await pullModerationQueue(h.api);
    const item = (await readModerationQueue())?.items.find((i) => i.kind === 'post' && i.id === id);
    expect(item).toMatchObject({ member_reports: 0, guest_reports: 1, visibility: 0 });
    if (!item) return;

    await decideReport(item, 'keep');
    expect((await db.posts.get(id))?.local.deleted).toBe(true);
    await drainOutbox(h.api);
    expect(await db.posts.get(id)).toBeUndefined();
    expect(await anonymousStatus(id)).toBe(404);
  });

  it('a refusal (403: not a moderator) brings the item and the row back and is recorded', async () => {
    const guest = await guestToken();
    const id = await reportedPost('Decided by someone who may not', [guest]);
    await pullFeed(h.api, {});
    const viewer = viewerId(await getAuth());
    expect(viewer).not.toBeNull();
    // A queue left on this device (say, by an account that is no longer a moderator).
    const item = {
      kind: 'post' as const, id, post_id: id, list_item_id: null, text: 'Decided by someone who may not',
      author: { id: 1, username: 'x', name: 'X', avatar: null }, visibility: 0 as const, member_reports: 0, guest_reports: 1,
      reasons: [{ type: 'spam' as const, count: 1 }], details: [], first_reported_at: new Date().toISOString(),
    };
    await setMeta('moderationQueue', { viewer: viewer ?? 0, items: [item], total: 1, pulledAt: Date.now() });

    await decideReport(item, 'remove');
    expect((await readModerationQueue())?.items).toEqual([]);
    expect((await db.posts.get(id))?.local.deleted).toBe(true);

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, refused: 1, remaining: 0 });
    expect((await readModerationQueue())?.items.map((i) => i.id)).toEqual([id]);
    expect((await db.posts.get(id))?.local.deleted).toBe(false);
    expect(await db.failed.toArray()).toEqual([expect.objectContaining({ op: 'moderation.decide', status: 403 })]);
    expect(await anonymousStatus(id)).toBe(200);
  });
});
