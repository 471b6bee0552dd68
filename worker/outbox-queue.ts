// What the drain reads of the outbox (issue #10: never the whole queue). The signed-in account's
// entries come from the `acct` index (its own and the untagged ones, each already in seq order,
// merged), so entries held for another account are skipped without being read; the report's
// counts are index counts. planSend() cuts the head of the queue into what goes out next: a
// batch for POST sync/push, or one entry on its own route.
import { SYNC_PUSH_MAX_BYTES, SYNC_PUSH_MAX_MUTATIONS, type PushMutation } from '../common/sync-contract';
import { db } from '../src/model/db';
import { acctsOfViewer } from '../src/model/outbox-index';
import type { OutboxEntry } from '../src/model/outbox-types';
import { opFor, requiredIdsOf } from '../src/commands/ops/registry';

/**
 * Entries held in their undo window (src/commands/undo.ts), found through the `holdUntil` index:
 * a few at most, whatever the queue's length.
 */
function heldEntries(now: number): Promise<OutboxEntry[]> {
  return db.outbox.where('holdUntil').above(now).toArray();
}

/**
 * The first `limit` entries in seq order that the viewer sends (docs/architecture/sync-protocol.md
 * 'Outbox and sync protocol' 'kept for the same account'). Held entries are passed over, not waited
 * for: the entries behind them go (docs/decisions/0173-undo-through-the-outbox.md).
 */
export async function queueOf(viewer: number | null, limit: number, now = Date.now()): Promise<OutboxEntry[]> {
  const held = new Set((await heldEntries(now)).map((entry) => entry.seq));
  const perAcct = await Promise.all(acctsOfViewer(viewer).map((acct) => db.outbox.where('acct').equals(acct).limit(limit + held.size).toArray()));
  return perAcct.flat().filter((entry) => !held.has(entry.seq)).sort((a, b) => a.seq - b.seq).slice(0, limit);
}

/** When the first of the viewer's held entries is due, if any is held. */
export async function holdEndsAt(viewer: number | null, now = Date.now()): Promise<number | null> {
  const accts = new Set(acctsOfViewer(viewer));
  const ends = (await heldEntries(now)).filter((entry) => entry.acct !== undefined && accts.has(entry.acct)).map((entry) => entry.holdUntil ?? 0);
  return ends.length === 0 ? null : Math.min(...ends);
}

/** Entries left, and of those the ones held for another account: index counts only. */
export async function outboxCounts(viewer: number | null): Promise<{ remaining: number; held: number }> {
  const [remaining, mine] = await Promise.all([
    db.outbox.count(),
    Promise.all(acctsOfViewer(viewer).map((acct) => db.outbox.where('acct').equals(acct).count())),
  ]);
  return { remaining, held: remaining - mine.reduce((sum, n) => sum + n, 0) };
}

/** Still waits for an offline-created entity (a temporary, negative id it needs on the server). */
function needsTempId(entry: OutboxEntry): boolean {
  return requiredIdsOf(entry).some((id) => id < 0);
}

/** A route the server never applies inside a batch: a bot check (fresh token per send) or one marked single. */
export function isSingleOnly(entry: OutboxEntry): boolean {
  const request = opFor(entry.op).request(entry);
  return request.botCheck !== undefined || request.single === true;
}

/** The entry as one item of POST sync/push: the same method, path and body as its single call. */
export function pushMutationOf(entry: OutboxEntry): PushMutation {
  const request = opFor(entry.op).request(entry);
  return { key: entry.key, method: request.method, path: request.path, ...(request.body ? { body: request.body } : {}) };
}

const encoder = new TextEncoder();
/** '{"mutations":[' + ']}' */
const PUSH_ENVELOPE_BYTES = 16;

export type SendPlan =
  /** The head needs a temporary id whose creator is gone (refused or cancelled): refuse it (drain step 3). */
  | { kind: 'orphan'; entry: OutboxEntry }
  | { kind: 'single'; entry: OutboxEntry }
  | { kind: 'batch'; entries: OutboxEntry[]; mutations: PushMutation[] };

type PlanOptions = { now: number; batching: boolean; maxMutations?: number; maxBytes?: number };

/**
 * What goes out next from the head of the queue (`queue[0]` is the head, its backoff already
 * checked). A batch holds entries in seq order and is cut before an entry that still needs a
 * temporary id (its creator is in this batch or earlier: the next batch is built after the ack
 * rewrote the id), before one that may not be batched (it goes alone, through its own route),
 * before one still waiting out a backoff, and at the count and byte bounds of the contract. A
 * batch of one goes through the single route: the same request, one call either way.
 */
export function planSend(queue: OutboxEntry[], options: PlanOptions): SendPlan | null {
  const [head] = queue;
  if (!head) return null;
  if (needsTempId(head)) return { kind: 'orphan', entry: head };
  if (!options.batching || isSingleOnly(head)) return { kind: 'single', entry: head };
  const maxMutations = options.maxMutations ?? SYNC_PUSH_MAX_MUTATIONS;
  const maxBytes = options.maxBytes ?? SYNC_PUSH_MAX_BYTES;
  const entries: OutboxEntry[] = [];
  const mutations: PushMutation[] = [];
  let bytes = PUSH_ENVELOPE_BYTES;
  for (const entry of queue) {
    if (entries.length >= maxMutations) break;
    if (entries.length > 0 && (needsTempId(entry) || isSingleOnly(entry) || entry.nextAttemptAt > options.now)) break;
    const mutation = pushMutationOf(entry);
    const size = encoder.encode(JSON.stringify(mutation)).length + 1;
    if (entries.length > 0 && bytes + size > maxBytes) break;
    entries.push(entry);
    mutations.push(mutation);
    bytes += size;
  }
  const [only] = entries;
  if (entries.length === 1 && only) return { kind: 'single', entry: only };
  return { kind: 'batch', entries, mutations };
}
