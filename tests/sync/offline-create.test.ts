// A post written offline (docs/architecture/sync-protocol.md 'Outbox and sync protocol'
// offline-created entities): a temporary negative id until the server answers, then its real id
// everywhere, in one transaction.
import { describe, expect, it } from 'vitest';
import { createRequest, prayForPost, toggleBookmark } from '../../src/commands';
import { commit, newEntry } from '../../src/commands/commit';
import { db } from '../../src/model/db';
import type { TargetIds } from '../../src/model/outbox-types';
import { readFeed, readPost } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { mutations, sentMutations, serverPost, useHarness } from './support';

const h = useHarness();

function postIdOf(entry: { target: TargetIds }): number | undefined {
  return entry.target.postId;
}

describe('offline-created post', () => {
  it('gets its real id in every table and in the pending entries that wait for it', async () => {
    const { id: tempId } = await createRequest({ text: 'Pray for our village well', type: 'REQUEST', is_anonymous: false });
    await prayForPost(tempId);
    await toggleBookmark(tempId);
    expect((await readFeed({}))[0]).toMatchObject({ id: tempId, shownPrayedCount: 1, is_bookmarked: true, isLocalOnly: true });
    // The create goes through; the pray that depends on it meets a server error and waits (in
    // the batch that follows; the bookmark after it waits too, its answer unread).
    h.setItemFault((item) => (item.path.endsWith('/pray') ? { status: 500, body: { message: 'boom', status: 500 } } : 'pass'));

    const first = await drainOutbox(h.api);

    expect(first).toMatchObject({ sent: 1, remaining: 2 });
    const realRow = (await db.posts.toArray()).find((p) => p.text === 'Pray for our village well');
    const realId = realRow?.id ?? 0;
    expect(realId).toBeGreaterThan(0);
    expect(await db.posts.get(tempId)).toBeUndefined();
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.op, postIdOf(e)])).toEqual([
      ['post.pray', realId],
      ['post.bookmark', realId],
    ]);
    // Still shown with this device's intent, now under the real id; the old id is followed.
    expect(await readPost(realId)).toMatchObject({ shownPrayedCount: 1, is_bookmarked: true, isLocalOnly: false });
    expect((await readPost(tempId))?.id).toBe(realId);

    h.setItemFault(() => 'pass');
    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ sent: 2, remaining: 0 });
    const onServer = await serverPost(h, realId);
    expect(onServer).toMatchObject({ prayedCount: 1, isPrayed: true, is_bookmarked: true, text: 'Pray for our village well' });
    expect(await readPost(realId)).toMatchObject({ prayedCount: 1, shownPrayedCount: 1, is_bookmarked: true, isPending: false });
    expect(mutations(h.calls).map((c) => c.path)).toEqual(['post', 'sync/push', 'sync/push']);
    expect(sentMutations(h.calls).map((c) => [c.path, c.status])).toEqual([
      ['post', 201],
      [`post/${realId}/pray`, 'faked'],
      [`post/${realId}/bookmark`, 200],
      [`post/${realId}/pray`, 200],
      [`post/${realId}/bookmark`, 200],
    ]);
  });

  it('when the server refuses the creation, what depended on it is refused too', async () => {
    // Built past the command's own validation, as a server-side rule would refuse it.
    await commit(async () => newEntry('post.create', { postId: -50 }, { text: 'x'.repeat(2001), type: 'REQUEST', channel_id: 1 }));
    await prayForPost(-50);

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ sent: 0, refused: 1, remaining: 0 });
    expect(await db.posts.get(-50)).toBeUndefined();
    const failed = await db.failed.orderBy('id').toArray();
    expect(failed.map((f) => [f.op, f.status])).toEqual([
      ['post.pray', 422],
      ['post.create', 422],
    ]);
    expect(mutations(h.calls).map((c) => c.path)).toEqual(['post']);
  });
});
