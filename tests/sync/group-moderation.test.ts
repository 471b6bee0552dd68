// Issue #28 item 3, a group's reports in the moderation screen (docs/product.md §11 'Reports in a
// group'), against the real server: a group's moderator reads them through the engine's
// `groupReports` pull and decides with 'group.moderate' (shown at once, offline too, sent once,
// through the group's route); a refusal (no longer a moderator) brings the item back and is listed;
// a plain member and the community's moderators never see a group's reports listed.
import { describe, expect, it } from 'vitest';
import type { CommentChangeResponse, PostResponse } from '../../common/contract';
import type { ModerationQueueResponse } from '../../common/moderation-contract';
import { decideGroupReport } from '../../src/commands';
import { readRefusedChanges } from '../../src/db/change-reads';
import { readGroupReports, readModeratedGroups } from '../../src/db/group-moderation-reads';
import { readModerationQueue } from '../../src/db/moderation-reads';
import { db } from '../../src/model/db';
import { register } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import { pullGroupReports } from '../../worker/pull-group-reports';
import { pullModerationQueue } from '../../worker/pull-moderation';
import { sentMutations, useHarness } from './support';
import { call, deviceMember, deviceToken, groupOf, join, otherMember, pullOnce } from './groups-support';

const MODERATOR = `sync-group-mod-${process.pid}@prayer.local`;
const h = useHarness({ moderatorEmails: [MODERATOR] });

const shape = (path: string) => path.replace(/\d+/g, 'N');

/**
 * Olivia's group, which this device's member joined as `role`: Ann posted a request and
 * commented on it, Ben reported both. The device holds the group and its posts.
 */
async function reportedGroup(role: 'moderator' | 'member') {
  const me = await deviceMember(h, 'Mara');
  const olivia = await otherMember(h, 'Olivia');
  const ann = await otherMember(h, 'Ann');
  const ben = await otherMember(h, 'Ben');
  const group = await groupOf(h, olivia.token, 'Thursday prayer');
  for (const person of [await deviceToken(), ann.token, ben.token]) await join(h, person, group);
  if (role === 'moderator') await call(h, { method: 'PUT', path: `group/${group.id}/member/${me}`, body: { role }, token: olivia.token });
  const { post } = await call<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Reported in the group', type: 'REQUEST', group_id: group.id }, token: ann.token });
  const { comment } = await call<CommentChangeResponse>(h, { method: 'POST', path: `post/${post.id}/comment`, body: { comment: 'A reported comment' }, token: ann.token });
  await call(h, { method: 'POST', path: `post/${post.id}/report`, body: { type: 'spam', details: 'Selling things' }, token: ben.token });
  await call(h, { method: 'POST', path: `post/${post.id}/comment/${comment.id}/report`, body: { type: 'offensive' }, token: ben.token });
  await pullOnce(h);
  h.calls.length = 0;
  return { me, olivia, ann, group, postId: post.id, commentId: comment.id };
}

const shownKeys = async () => (await readGroupReports()).map((view) => ({ group: view.group.id, items: view.items?.map((i) => `${i.kind}:${i.id}`) ?? null, pending: view.pending }));

describe("a group's reports in the moderation screen", () => {
  it('a moderator of the group reads them and decides, once each, the removal offline', async () => {
    const { ann, group, postId, commentId } = await reportedGroup('moderator');
    expect((await readModeratedGroups()).map((g) => g.id)).toEqual([group.id]);
    expect(await shownKeys()).toEqual([{ group: group.id, items: null, pending: {} }]);

    expect(await pullGroupReports(h.api, group.id)).toMatchObject({ ok: true, total: 2 });
    const [view] = await readGroupReports();
    expect(view?.items?.map((i) => `${i.kind}:${i.id}`).sort()).toEqual([`comment:${commentId}`, `post:${postId}`].sort());
    // The group's threshold is its moderators: one report hides nothing (docs/product.md §11).
    expect(view?.items?.find((i) => i.kind === 'post')).toMatchObject({ visibility: 0, member_reports: 1, details: ['Selling things'] });

    await decideGroupReport(group.id, { kind: 'comment', id: commentId }, 'keep');
    h.setFault(() => 'offline');
    await decideGroupReport(group.id, { kind: 'post', id: postId }, 'remove');
    expect(await shownKeys()).toEqual([{ group: group.id, items: [], pending: { [`comment:${commentId}`]: 'keep', [`post:${postId}`]: 'remove' } }]);
    expect(await db.posts.get(postId)).toMatchObject({ local: { deleted: true } });
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 2 });

    h.setFault(() => 'pass');
    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ remaining: 0, refused: 0 });
    const sent = sentMutations(h.calls).filter((c) => c.status !== 'dropped').map((c) => `${c.method} ${shape(c.path)}`);
    expect(sent).toEqual(['POST group/N/moderation/comment/N', 'POST group/N/moderation/post/N']);
    expect(await shownKeys()).toEqual([{ group: group.id, items: [], pending: {} }]);
    expect(await db.posts.get(postId)).toBeUndefined();
    const gone = await h.api.call({ path: `post/${postId}`, token: ann.token });
    expect(gone.ok ? 200 : gone.status).toBe(404);
    const left = await call<ModerationQueueResponse>(h, { path: `group/${group.id}/reports`, token: await deviceToken() });
    expect(left.items.total).toBe(0);
  });

  it('a decision refused because the moderator was made a member meanwhile: the item comes back, listed as refused', async () => {
    const { me, olivia, group, postId } = await reportedGroup('moderator');
    expect((await pullGroupReports(h.api, group.id)).ok).toBe(true);
    await decideGroupReport(group.id, { kind: 'post', id: postId }, 'keep');
    expect((await readGroupReports())[0]?.items?.some((i) => i.kind === 'post')).toBe(false);
    await call(h, { method: 'PUT', path: `group/${group.id}/member/${me}`, body: { role: 'member' }, token: olivia.token });

    expect(await drainOutbox(h.api)).toMatchObject({ refused: 1, remaining: 0 });

    expect((await readGroupReports())[0]?.items?.some((i) => i.kind === 'post' && i.id === postId)).toBe(true);
    expect(await db.posts.get(postId)).toMatchObject({ local: { deleted: false } });
    const [refused] = await readRefusedChanges();
    expect(refused).toMatchObject({ op: 'group.moderate', status: 403, code: 'moderation.not_moderator' });
    // The next pull of the groups says so: the group leaves the screen, and its queue is no longer read.
    await pullOnce(h);
    expect(await readGroupReports()).toEqual([]);
    expect(await pullGroupReports(h.api, group.id)).toMatchObject({ ok: false, error: { status: 403 } });
  });

  it('a plain member sees no section and reads nothing; deciding is refused before it is queued', async () => {
    const { group, postId } = await reportedGroup('member');
    expect(await readModeratedGroups()).toEqual([]);
    expect(await readGroupReports()).toEqual([]);
    expect(await pullGroupReports(h.api, group.id)).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await readGroupReports()).toEqual([]);
    await expect(decideGroupReport(group.id, { kind: 'post', id: postId }, 'remove')).rejects.toMatchObject({ status: 403, code: 'moderation.not_moderator' });
    expect(await db.outbox.count()).toBe(0);
  });

  it("the community's moderator, a plain member of the group, never sees its reports listed", async () => {
    const olivia = await otherMember(h, 'Olivia');
    const ben = await otherMember(h, 'Ben');
    const group = await groupOf(h, olivia.token, 'Family');
    await join(h, ben.token, group);
    const { post } = await call<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Family news', type: 'REQUEST', group_id: group.id }, token: olivia.token });
    await call(h, { method: 'POST', path: `post/${post.id}/report`, body: { type: 'spam' }, token: ben.token });
    const signedIn = await register(h.api, { name: 'Community Moderator', email: MODERATOR, password: 'long-enough-pw' });
    expect(signedIn.ok && signedIn.session.user?.is_moderator).toBe(true);
    await join(h, await deviceToken(), group);
    await pullOnce(h);
    expect(await db.posts.get(post.id)).toBeDefined();

    expect((await pullModerationQueue(h.api)).ok).toBe(true);
    expect((await readModerationQueue())?.items.some((i) => i.kind === 'post' && i.id === post.id)).toBe(false);
    expect(await readGroupReports()).toEqual([]);
    expect(await pullGroupReports(h.api, group.id)).toMatchObject({ ok: false, error: { status: 403 } });
    const owners = await call<ModerationQueueResponse>(h, { path: `group/${group.id}/reports`, token: olivia.token });
    expect(owners.items.data.map((i) => i.id)).toEqual([post.id]);
  });
});
