// Undo for deletes and archives (issue #26 point 6;
// docs/decisions/0173-undo-through-the-outbox.md). An undoable change is committed like any other
// (its rows change at once, its entry is queued), but its entry is held: no drain sends it until
// the undo window ends, or earlier when the banner offering Undo goes (releaseHold). Undo inside
// the window removes the entry and rebuilds the rows from what the server last said and what is
// still queued, so an undone delete never reaches the server, online or offline. Should the entry
// be gone already (sent), an archive is reverted by queueing its restore, exactly once; a delete
// that reached the server cannot be brought back (the window outlasts the banner, so only a tap at
// its very end meets that).
import { UNDO_BANNER_MS } from '../../common/constants';
import { db, writeTables } from '../model/db';
import { inFlightSeqs, isSending } from '../model/in-flight';
import type { NewOutboxEntryOf, OpName } from '../model/outbox-types';
import { pokeSync } from '../sync/client';
import { newEntry } from './commit';
import { opFor, rebaseRows } from './ops/registry';

/**
 * How long an undoable entry waits at most: the banner's time on screen and a margin. A page
 * closed meanwhile cannot release it, so the window also ends by itself.
 */
export const UNDO_WINDOW_MS = UNDO_BANNER_MS + 4000;

/** A command's option: hold its entry for the undo window (the screens pass it; other callers send at once). */
export type UndoOption = { undoable?: boolean };

/** The entry of `op`, held for the undo window when `undoable`. */
export function undoableEntry<K extends OpName>(op: K, target: NewOutboxEntryOf<K>['target'], body: NewOutboxEntryOf<K>['body'], option: UndoOption): NewOutboxEntryOf<K> {
  const entry = newEntry(op, target, body);
  return option.undoable ? { ...entry, holdUntil: Date.now() + UNDO_WINDOW_MS } : entry;
}

export type UndoResult = 'undone' | 'reverted' | 'too-late';

/**
 * Undoes the change queued under `key`. 'undone': the entry never left and is gone, its rows
 * restored. Once it is sent or in flight, `revert` (an archive's restore, queued behind it and
 * sent exactly once) gives 'reverted'; without one (a delete), 'too-late'.
 */
export async function undoChange(key: string, revert?: () => Promise<unknown>): Promise<UndoResult> {
  const undone = await db.transaction('rw', writeTables(), async () => {
    const entry = await db.outbox.where('key').equals(key).first();
    if (!entry || isSending(entry, await inFlightSeqs())) return false;
    await db.outbox.delete(entry.seq);
    await rebaseRows(opFor(entry.op).rows(entry));
    return true;
  });
  if (undone) return 'undone';
  if (!revert) return 'too-late';
  await revert();
  return 'reverted';
}

/** The banner offering Undo is gone: the entry goes now rather than at the window's end. */
export async function releaseHold(key: string): Promise<void> {
  const released = await db.outbox.where('key').equals(key).modify({ holdUntil: 0 });
  if (released > 0) pokeSync();
}

/**
 * Inside a command's transaction: removes the archive of item `itemId` still held in its undo
 * window and rebuilds its rows; false when there is none. A restore does this instead of queueing
 * itself: the drain passes held entries over, so the restore would reach the server first.
 */
export async function withdrawHeld(op: 'listItem.archive', itemId: number): Promise<boolean> {
  const entries = await db.outbox.where('ids').equals(itemId).toArray();
  const now = Date.now();
  const unsent = entries.filter((entry) => entry.op === op && entry.target.itemId === itemId && (entry.holdUntil ?? 0) > now);
  if (unsent.length === 0) return false;
  await db.outbox.bulkDelete(unsent.map((entry) => entry.seq));
  await rebaseRows(unsent.flatMap((entry) => opFor(entry.op).rows(entry)));
  return true;
}
