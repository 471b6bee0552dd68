// Issue #25 P4: a push's answered prays are settled as runs (OpModule.ackRun, worker/drain-settle.ts),
// which must leave exactly what settling them one answer at a time leaves: the posts as the last
// answers give them plus what is still queued, today's count of the last answer, the refusals
// recorded, the outbox without them; and a run of prays removes its entries in one delete.
import { Dexie, RangeSet, type DBCore, type IntervalTree, type Middleware } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiPost } from '../../common/contract';
import { newEntry } from '../../src/commands/commit';
import { clearAllTables, db } from '../../src/model/db';
import { getAuth, setMeta } from '../../src/model/meta';
import type { OutboxEntry } from '../../src/model/outbox-types';
import { settleAnswers, type Answer } from '../../worker/drain-settle';
import { apiPost, MEMBER, postRow } from '../unit/fixtures';

const NOW = 1_750_000_000_000;

async function setUp(prays: number): Promise<OutboxEntry[]> {
  await clearAllTables();
  await setMeta('auth', { ...(await getAuth()), memberToken: 'token', user: MEMBER });
  await db.posts.bulkPut([postRow({ id: 1, prayedCount: 4 }), postRow({ id: 2, prayedCount: 1 })]);
  const queued = [
    ...Array.from({ length: prays }, (_, i) => newEntry('post.pray', { postId: 1 + (i % 2) }, null)),
    newEntry('post.bookmark', { postId: 1 }, null),
    newEntry('post.pray', { postId: 2 }, null),
  ];
  await db.outbox.bulkAdd(queued);
  return db.outbox.orderBy('seq').toArray();
}

/** The answers the server gives the first `answered` prays: post 1's third pray refused, the rest counted. */
function answersFor(entries: OutboxEntry[], answered: number): Answer[] {
  const counts = new Map([[1, 4], [2, 1]]);
  let today = 10;
  return entries.slice(0, answered).map((entry, i): Answer => {
    const postId = entry.op === 'post.pray' ? entry.target.postId : 0;
    if (i === 4) return { entry, ok: false, error: { status: 404, message: 'Post not found' } };
    const prayedCount = (counts.get(postId) ?? 0) + 1;
    counts.set(postId, prayedCount);
    today += 1;
    const post: ApiPost = apiPost({ id: postId, prayedCount, isPrayed: true });
    return { entry, ok: true, data: { post, today_prayer_count: today } };
  });
}

/** What the settle leaves, without what differs between two runs of setUp (seqs, keys, clocks). */
async function tables() {
  const auth = await getAuth();
  return {
    posts: await db.posts.toArray(),
    outbox: (await db.outbox.orderBy('seq').toArray()).map(({ op, target }) => ({ op, target })),
    failed: (await db.failed.toArray()).map(({ op, target, status, message }) => ({ op, target, status, message })),
    today: auth.user?.today_prayer_count,
  };
}

describe('settling a push of prays as runs (issue #25 P4)', () => {
  beforeEach(async () => clearAllTables());

  it('leaves exactly what settling the answers one at a time leaves', async () => {
    const entries = await setUp(12);
    const answers = answersFor(entries, 12);
    for (const answer of answers) await settleAnswers([answer], NOW);
    const oneByOne = await tables();

    await setUp(12);
    await settleAnswers(answersFor(await db.outbox.orderBy('seq').toArray(), 12), NOW);
    expect(await tables()).toEqual(oneByOne);
    expect(oneByOne.today).toBe(21);
    expect(oneByOne.outbox).toHaveLength(2);
    expect(oneByOne.failed).toHaveLength(1);
    // Post 2 as its last answer counts it, with the pray still queued on top.
    expect(oneByOne.posts.find((post) => post.id === 2)).toMatchObject({ prayedCount: 7, local: { pendingPrays: 1 } });
  });

  it('removes a run of answered prays from the outbox in one delete, not one awaited delete each', async () => {
    const entries = await setUp(300);
    const answers = answersFor(entries, 300).filter((answer) => answer.ok);
    // Dexie's own layer under every table call (its DBCore): one delete of the run's 299 keys, not 299 awaited one by one.
    const deletes: number[] = [];
    const counter: Middleware<DBCore> = {
      stack: 'dbcore',
      name: 'count-outbox-deletes',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          return { ...table, mutate: (req) => {
            if (name === 'outbox' && req.type === 'delete') deletes.push(req.keys.length);
            return table.mutate(req);
          } };
        },
      }),
    };
    db.close();
    await db.use(counter).open();
    try {
      await settleAnswers(answers, NOW);
    } finally {
      db.close();
      await db.unuse({ stack: 'dbcore', name: counter.name ?? '' }).open();
    }
    expect(deletes).toEqual([299]);
    expect(await db.outbox.count()).toBe(3);
    expect((await getAuth()).user?.today_prayer_count).toBe(309);
  });

  it('tells the other contexts the deleted run as one span of seqs, not key by key', async () => {
    const entries = await setUp(300);
    const answers = answersFor(entries, 300).filter((answer) => answer.ok);
    const told: Record<string, IntervalTree>[] = [];
    const listen = (parts: Record<string, IntervalTree>) => void told.push(parts);
    Dexie.on('storagemutated', listen);
    try {
      await settleAnswers(answers, NOW);
    } finally {
      Dexie.on('storagemutated').unsubscribe(listen);
    }
    const parts = told.find((p) => `idb://${db.name}/outbox/` in p);
    const ranges = (tree: IntervalTree | undefined) => (tree ? [...new RangeSet().add(tree)].map((range) => [range.from, range.to]) : []);
    const seqs = answers.map(({ entry }) => entry.seq);
    // Without the compaction: 299 single keys (the refused pray's entry stays between them).
    expect(ranges(parts?.[`idb://${db.name}/outbox/`])).toEqual([[Math.min(...seqs), Math.max(...seqs)]]);
    // Every index is told as one span too (the deleted entries' old keys are known: the queue's
    // counts read them, src/model/queue-counts.ts).
    const outboxParts = Object.entries(parts ?? {}).filter(([part]) => part.startsWith(`idb://${db.name}/outbox/`));
    expect(outboxParts.length).toBeGreaterThan(1);
    for (const [, tree] of outboxParts) expect(ranges(tree).length).toBeLessThanOrEqual(1);
    expect(await db.outbox.count()).toBe(3);
  });
});
