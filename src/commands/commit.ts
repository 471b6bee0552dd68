// The write path of every command (docs/architecture.md 'The shape', §4).
import { db, writeTables } from '../model/db';
import { getAuth, getMeta, setMeta, viewerId } from '../model/meta';
import type { NewOutboxEntry, NewOutboxEntryOf, OpBody, OpName, OpTarget } from '../model/outbox-types';
import { pokeSync } from '../sync/client';
import { CommandError } from './command-error';
import { markTiming } from '../platform/timing';
import { askPersistenceAfterChange, isQuotaExceeded } from '../platform/storage-persistence';
import { applyEntry } from './ops/registry';
import { rememberCommit } from './commit-marks';

let lastCreatedAt = 0;

/**
 * Now, in ms, and later than every entry made before in this page: two requests written within one
 * millisecond would otherwise tie, and the feed orders ties by id, which for temporary (negative)
 * ids puts the newer one second.
 */
function entryTime(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return lastCreatedAt;
}

export function newEntry<K extends OpName>(op: K, target: OpTarget<K>, body: OpBody<K>): NewOutboxEntryOf<K> {
  return {
    op,
    target,
    body,
    key: crypto.randomUUID(),
    // Stamped with the signed-in account by commit(), inside its transaction.
    accountId: null,
    createdAt: entryTime(),
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'pending',
  };
}

/**
 * Applies the optimistic change and appends the outbox entry in ONE rw transaction. They must
 * commit together: a change without its entry would never reach the server and would be undone
 * by the next pull; an entry without its change would show nothing until the server answered.
 * `build` runs inside the transaction, so its checks and id allocations see a consistent store
 * and a throw leaves nothing behind. The sync worker is poked only after the commit.
 */
export async function commit(build: () => Promise<NewOutboxEntry>): Promise<NewOutboxEntry> {
  const entry = await commitOrSettle(build);
  if (!entry) throw new Error('commit: the command queued nothing');
  return entry;
}

/**
 * As commit, for a command that may settle the change locally instead (null: nothing queued),
 * e.g. deleting something written offline that never left the device (src/commands/cancel-unsent.ts).
 */
export async function commitOrSettle(build: () => Promise<NewOutboxEntry | null>): Promise<NewOutboxEntry | null> {
  let entry: NewOutboxEntry | null;
  markTiming('command:start');
  try {
    entry = await db.transaction('rw', writeTables(), async () => {
      const next = await build();
      if (!next) return null;
      // docs/architecture/sync-protocol.md 'Outbox and sync protocol': the entry belongs to the
      // account that made it and is sent only with its credentials.
      next.accountId = viewerId(await getAuth());
      await applyEntry(next);
      await db.outbox.add(next);
      return next;
    });
  } catch (err) {
    throw asCommandError(err);
  }
  markTiming('command:committed');
  if (entry) {
    rememberCommit(entry.key);
    pokeSync();
    // docs/architecture/local-store.md 'Local database': ask the browser not to evict the store
    // once the user has something to lose.
    askPersistenceAfterChange();
  }
  return entry;
}

/**
 * As commit, under a key chosen before (a pray's, journalled at its tap: src/commands/pray-gate.ts),
 * and once: null when an entry of that key is already in the outbox (another page saved it first).
 */
export function commitKeyed(key: string, build: () => Promise<NewOutboxEntry>): Promise<NewOutboxEntry | null> {
  return commitOrSettle(async () => {
    if ((await db.outbox.where('key').equals(key).count()) > 0) return null;
    return { ...(await build()), key };
  });
}

/**
 * docs/architecture/local-store.md 'Local database': a full disk gets a clear message, never a
 * silent loss. The transaction wrote nothing, and the error keeps the name QuotaExceededError, so
 * the form that sent the text keeps it and says so in the user's language
 * (src/components/use-submit.ts, api-error.ts isQuotaExceeded).
 */
function asCommandError(err: unknown): unknown {
  if (!isQuotaExceeded(err)) return err;
  const error = new CommandError(507, 'This device is out of storage space. Your text is still here: copy it or free space and try again.');
  error.name = 'QuotaExceededError';
  return error;
}

/** Temporary ids are negative and decrease, so they never collide with the server's (docs/decisions/0011-temporary-ids-are-negative.md). */
export async function nextTempId(): Promise<number> {
  const last = (await getMeta('tempIdSeq')) ?? 0;
  const id = Math.min(last, 0) - 1;
  await setMeta('tempIdSeq', id);
  return id;
}
