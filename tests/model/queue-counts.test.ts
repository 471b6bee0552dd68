// Issue #25 point 2: the outbox's counts are kept in a meta row by every write of the outbox
// (src/model/queue-counts.ts), so the status and today's prayers read one row. Whatever writes the
// outbox, and however, the row must equal what a count of the queue says; a transaction that fails
// takes its change of the counts with it; a store written before the row existed is counted once.
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newEntry } from '../../src/commands/commit';
import { AppDb, clearAllTables, db } from '../../src/model/db';
import { getMeta } from '../../src/model/meta';
import type { NewOutboxEntry, OutboxEntry } from '../../src/model/outbox-types';
import { countsAfter, type QueueCounts } from '../../src/model/queue-counts';

/** What counting the queue says, in the row's shape. */
async function counted(): Promise<QueueCounts> {
  return countsAfter({}, [], await db.outbox.toArray());
}

const stored = async () => (await getMeta('queueCounts')) ?? {};

function entryOf(i: number, account: number | null): NewOutboxEntry {
  const kind = i % 3;
  const entry =
    kind === 0 ? newEntry('post.pray', { postId: 1 + (i % 7) }, null)
    : kind === 1 ? newEntry('post.bookmark', { postId: 1 + (i % 5) }, null)
    : newEntry('listItem.pray', { listId: 3, itemId: 10 + (i % 4) }, null);
  return { ...entry, accountId: account };
}

/** A small deterministic generator: the same sequence of writes every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

beforeEach(async () => {
  await clearAllTables();
});

describe('the queue counts row', () => {
  it('equals a count of the queue after every kind of write, in any order', async () => {
    const random = generator(25);
    const accounts = [null, 7, 8];
    let made = 0;
    const fresh = (n: number) => Array.from({ length: n }, () => entryOf(made++, accounts[Math.floor(random() * 3)] ?? null));
    for (let step = 0; step < 60; step += 1) {
      const seqs = await db.outbox.toCollection().primaryKeys();
      const some = seqs.filter(() => random() < 0.3);
      const pick = Math.floor(random() * 9);
      if (pick === 0) await db.outbox.add(fresh(1)[0] as OutboxEntry);
      else if (pick === 1) await db.outbox.bulkAdd(fresh(1 + Math.floor(random() * 60)));
      else if (pick === 2) await db.outbox.bulkDelete(some);
      else if (pick === 3 && seqs[0] !== undefined) await db.outbox.delete(seqs[0]);
      // Moves entries to another account: counted under the new one, no longer under the old.
      else if (pick === 4) await db.outbox.where('seq').anyOf(some).modify({ accountId: 8 });
      else if (pick === 5) await db.outbox.where('seq').below(seqs[Math.floor(seqs.length / 2)] ?? 0).delete();
      // Several writes in one transaction, not awaited one by one.
      else if (pick === 6) await db.transaction('rw', db.outbox, db.posts, () => Promise.all([db.outbox.bulkAdd(fresh(3)), db.outbox.bulkDelete(some.slice(0, 2)), db.outbox.add(fresh(1)[0] as OutboxEntry)]));
      // A settled run: many seqs close together, read as one span (isDenseRun).
      else if (pick === 7 && seqs.length >= 60) await db.outbox.bulkDelete(seqs.slice(0, 60).filter((_seq, i) => i % 9 !== 4));
      else await db.outbox.bulkPut((await db.outbox.bulkGet(some)).flatMap((entry) => (entry ? [{ ...entry, attempts: entry.attempts + 1 }] : [])));
      expect(await stored()).toEqual(await counted());
    }
    expect(made).toBeGreaterThan(100);
    await db.outbox.clear();
    expect(await stored()).toEqual({});
  });

  it('reads a settled run of many seqs as one span, and counts only those deleted', async () => {
    await db.outbox.bulkAdd(Array.from({ length: 200 }, (_, i) => entryOf(i, i % 2 === 0 ? 7 : null)));
    const seqs = await db.outbox.toCollection().primaryKeys();
    // Every seq from the 20th to the 160th but one in nine: the ones between stay queued.
    await db.outbox.bulkDelete(seqs.slice(20, 160).filter((_seq, i) => i % 9 !== 4));
    expect(await db.outbox.count()).toBe(200 - 140 + 16);
    expect(await stored()).toEqual(await counted());
  });

  it('counts prays apart from the rest, per account', async () => {
    await db.outbox.bulkAdd([entryOf(0, 7), entryOf(1, 7), entryOf(2, 7), entryOf(3, null)]);
    // 0: post.pray, 1: bookmark, 2: listItem.pray (account 7); 3: post.pray of no account (kept under 0).
    expect(await stored()).toEqual({ '7': { all: 3, prays: 2 }, '0': { all: 1, prays: 1 } });
  });

  it('goes back with a transaction that fails', async () => {
    await db.outbox.bulkAdd([entryOf(0, 7), entryOf(1, 7)]);
    const before = await stored();
    const failing = db.transaction('rw', db.outbox, db.meta, async () => {
      await db.outbox.bulkAdd([entryOf(2, 7), entryOf(3, 7)]);
      throw new Error('the command failed after queueing');
    });
    await expect(failing).rejects.toThrow('the command failed');
    expect(await stored()).toEqual(before);
    expect(await stored()).toEqual(await counted());
  });
});

describe('a store queued before the counts were kept', () => {
  const name = 'prayer-queue-counts-upgrade';
  afterEach(async () => {
    await Dexie.delete(name);
  });

  it('is counted once when it opens with the row', async () => {
    // The store as version 11 left it: the same tables, no counts row.
    const old = new Dexie(name);
    old.version(11).stores(Object.fromEntries(db.tables.map((table) => [table.name, [table.schema.primKey, ...table.schema.indexes].map((index) => index.src).join(', ')])));
    await old.open();
    const entries = [entryOf(0, 7), entryOf(1, 7), entryOf(2, 8)].map((entry) => ({ ...entry, acct: entry.accountId ?? 0 }));
    await old.table('outbox').bulkAdd(entries);
    old.close();

    const upgraded = new AppDb(name);
    try {
      const row = await upgraded.meta.get('queueCounts');
      expect(row?.value.queueCounts).toEqual({ '7': { all: 2, prays: 1 }, '8': { all: 1, prays: 1 } });
    } finally {
      upgraded.close();
    }
  });
});
