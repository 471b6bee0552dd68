// Test helpers over the outbox: what the drain does with a refusal, without a server.
import { expect } from 'vitest';
import { opFor } from '../../src/commands/ops/registry';
import { db, writeTables } from '../../src/model/db';
import type { OpName, OutboxEntry, OutboxEntryOf } from '../../src/model/outbox-types';
import { opContext } from '../../worker/local-store';

/** Remove the entry, then the op's rollback, in one transaction (worker/drain.ts refuse). */
export async function refuseEntry<K extends OpName>(entry: OutboxEntryOf<K>, status = 422): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    await db.outbox.delete(entry.seq);
    await opFor(entry.op).onRefuse(entry, { status, message: 'refused' }, opContext);
  });
}

export async function onlyEntry(): Promise<OutboxEntry> {
  const entries = await db.outbox.toArray();
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  if (!entry) throw new Error('no entry');
  return entry;
}
