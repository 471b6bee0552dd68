// Local rows of prayer reminders (issue #13 point 2; Dexie version 6, src/model/db.ts) and the
// payloads of their outbox ops. Server values and local intent are kept apart
// (docs/architecture/local-store.md 'Local database'): `server` is the server's copy as last pulled
// or acknowledged, `local` what this device changed and has not had acknowledged. A row belongs to
// the account it was made or pulled for (`accountId`).
import type { ApiReminder, ReminderDeleteResponse, ReminderInput, ReminderTarget } from '../../common/reminders-contract';

/** What a waiting change does to a reminder: set it (create or replace), or delete it. */
export type ReminderLocal = { kind: 'put'; input: ReminderInput; label: string } | { kind: 'delete' };

export type ReminderRow = {
  /** The device-made UUID (PUT reminders/{id}). */
  id: string;
  accountId: number;
  /** The server's copy; null while the reminder exists only on this device. */
  server: ApiReminder | null;
  /** This device's change waiting in the outbox; null when none. Recomputed by rebaseReminders. */
  local: ReminderLocal | null;
};

/**
 * The ids a reminder's target names, in the entry's `target`: a post or list written offline has
 * a temporary id there, rewritten when the server gives the real one, and the entry waits for it
 * (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). The body's target keeps the
 * kind; its ids are filled from here when sent.
 */
type ReminderTargetIds = { postId?: number; listId?: number; itemId?: number };

/**
 * 'reminder.put': PUT reminders/{id} (creates or replaces); `label` is what the row shows until
 * the server's answer (the list's name, the start of the post's text). 'reminder.delete': DELETE
 * reminders/{id}.
 */
export type ReminderOps = {
  'reminder.put': { target: ReminderTargetIds; body: { id: string; input: ReminderInput; label: string }; response: ApiReminder };
  'reminder.delete': { target: Record<string, never>; body: { id: string }; response: ReminderDeleteResponse };
};

export function targetIdsOf(target: ReminderTarget): ReminderTargetIds {
  if (target.kind === 'post') return { postId: target.post_id };
  if (target.kind === 'item') return { listId: target.list_id, itemId: target.item_id };
  if (target.source.kind === 'list') return { listId: target.source.list_id };
  return {};
}

/** The target with the entry's (possibly rewritten) ids put back. */
export function withTargetIds(target: ReminderTarget, ids: ReminderTargetIds): ReminderTarget {
  if (target.kind === 'post') return { kind: 'post', post_id: ids.postId ?? target.post_id };
  if (target.kind === 'item') return { kind: 'item', list_id: ids.listId ?? target.list_id, item_id: ids.itemId ?? target.item_id };
  if (target.source.kind === 'list') return { kind: 'session', source: { kind: 'list', list_id: ids.listId ?? target.source.list_id } };
  return target;
}
