// Issue #12 'honest feedback': what the sync indicator's two lists show. The waiting list (what
// this account has queued and not yet had acknowledged) and the refused list
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol' `failed`), each change with the
// words the user wrote and, for a refusal, how it can be sent again through the normal command
// (src/routes/-failed-changes.tsx). Plain reads over Dexie for useLiveQuery.
import { Dexie, liveQuery } from 'dexie';
import { db } from '../model/db';
import { inFlightSeqs, isSending } from '../model/in-flight';
import { getAuth, viewerId } from '../model/meta';
import { acctsOfViewer } from '../model/outbox-index';
import { isUserOp, type OutboxEntry, type UserOpName } from '../model/outbox-types';
import type { FailedMutation } from '../model/types';

/**
 * The words a change carries, as the user wrote them (null: none, e.g. a prayer or a report).
 * Fields in reading order (a list item's title before its text); several are joined by a blank line.
 */
export function wordsOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const fields = ['title', 'name', 'text', 'comment', 'note', 'answer_text', 'description', 'reference'];
  const parts = fields.flatMap((field) => {
    const value: unknown = field in body ? Reflect.get(body, field) : undefined;
    return typeof value === 'string' && value.trim() !== '' ? [value.trim()] : [];
  });
  return parts.length > 0 ? parts.join('\n\n') : null;
}

/** One change waiting in the outbox, as the waiting list shows it. */
export type WaitingChange = { key: string; op: UserOpName; createdAt: number; words: string | null; isSending: boolean };

/** This account's queued changes that the user made (background ops are not theirs to see), oldest first. */
export async function readWaitingChanges(): Promise<WaitingChange[]> {
  const accts = acctsOfViewer(viewerId(await getAuth()));
  const lists = await Promise.all(accts.map((acct) => db.outbox.where('acct').equals(acct).toArray()));
  const inFlight = await inFlightSeqs();
  return lists
    .flat()
    .sort((a, b) => a.seq - b.seq)
    .flatMap((entry: OutboxEntry) =>
      isUserOp(entry.op)
        ? [{ key: entry.key, op: entry.op, createdAt: entry.createdAt, words: wordsOf(entry.body), isSending: isSending(entry, inFlight) }]
        : [],
    );
}

/**
 * How a refused change's words can go again, through the command a user would use now: a new post,
 * or the edit / comment / note / testimony on what still exists on this device. An edit of a
 * comment or note that is gone goes again as a new one on its post (the words were meant for it).
 */
export type Resend =
  | { kind: 'post'; text: string; type: 'REQUEST' | 'THANK'; isAnonymous: boolean }
  | { kind: 'postEdit' | 'answer'; postId: number; text: string }
  | { kind: 'comment' | 'note'; postId: number; childId: number | null; text: string }
  | { kind: 'itemComment' | 'itemNote'; itemId: number; childId: number | null; text: string };

export type RefusedChange = FailedMutation & { words: string | null; resend: Resend | null };

/** Refused mutations, newest first, with their words and how to send them again (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). */
export async function readRefusedChanges(): Promise<RefusedChange[]> {
  const failures = await db.failed.orderBy('failedAt').reverse().toArray();
  return Promise.all(failures.map(async (failure) => ({ ...failure, words: wordsOf(failure.requestBody), resend: await resendOf(failure) })));
}

function textOf(body: unknown, field: 'text' | 'comment' | 'note' | 'answer_text'): string | null {
  if (typeof body !== 'object' || body === null || !(field in body)) return null;
  const value: unknown = Reflect.get(body, field);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

type Child = { id: number; local: { deleted: boolean } };

async function existing<T>(id: number | undefined, get: (id: number) => Promise<T | undefined>): Promise<T | null> {
  return id === undefined ? null : ((await get(id)) ?? null);
}

/** The id of a comment or note still shown here (null: gone, so its words go again as a new one). */
async function shownChildId(id: number | undefined, get: (id: number) => Promise<Child | undefined>): Promise<number | null> {
  const child = await existing(id, get);
  return child !== null && !child.local.deleted ? child.id : null;
}

async function resendOf(failure: FailedMutation): Promise<Resend | null> {
  const { op, target, requestBody: body } = failure;
  const post = await existing(target.postId, (id) => db.posts.get(id));
  const isPostShown = post !== null && !post.local.deleted;
  if (op === 'post.create') {
    const text = textOf(body, 'text');
    const type = typeof body === 'object' && body !== null && 'type' in body && body.type === 'THANK' ? 'THANK' : 'REQUEST';
    const isAnonymous = typeof body === 'object' && body !== null && 'is_anonymous' in body && body.is_anonymous === true;
    return text === null ? null : { kind: 'post', text, type, isAnonymous };
  }
  if (op === 'post.edit' || op === 'post.answer') {
    const text = textOf(body, op === 'post.edit' ? 'text' : 'answer_text');
    if (text === null || !isPostShown || !post.is_mine) return null;
    return { kind: op === 'post.edit' ? 'postEdit' : 'answer', postId: post.id, text };
  }
  if (op === 'comment.create' || op === 'comment.edit' || op === 'note.create' || op === 'note.edit') {
    const isComment = op.startsWith('comment.');
    const text = textOf(body, isComment ? 'comment' : 'note');
    if (text === null || !isPostShown) return null;
    const childId = !op.endsWith('.edit')
      ? null
      : isComment
        ? await shownChildId(target.commentId, (id) => db.comments.get(id))
        : await shownChildId(target.noteId, (id) => db.notes.get(id));
    return { kind: isComment ? 'comment' : 'note', postId: post.id, childId, text };
  }
  return itemResendOf(failure);
}

async function itemResendOf({ op, target, requestBody: body }: FailedMutation): Promise<Resend | null> {
  const isComment = op === 'listItemComment.create' || op === 'listItemComment.edit';
  const isNote = op === 'listItemNote.create' || op === 'listItemNote.edit';
  if (!isComment && !isNote) return null;
  const text = textOf(body, isComment ? 'comment' : 'note');
  const item = await existing(target.itemId, (id) => db.listItems.get(id));
  if (text === null || item === null || item.local.deleted) return null;
  const childId = !op.endsWith('.edit')
    ? null
    : isComment
      ? await shownChildId(target.itemCommentId, (id) => db.itemComments.get(id))
      : await shownChildId(target.itemNoteId, (id) => db.itemNotes.get(id));
  return { kind: isComment ? 'itemComment' : 'itemNote', itemId: item.id, childId, text };
}

/** Where changes stand: still in the outbox, all acknowledged, or one of them refused. */
export type Delivery = 'queued' | 'sent' | 'refused';

export async function readDelivery(keys: string[]): Promise<Delivery> {
  // Dexie's Promise.all: the transaction's body keeps to Dexie promises (src/db/reads.ts readSyncSnapshot).
  const [queued, refused] = await db.transaction('r', db.outbox, db.failed, () =>
    // `failed` is small (the user clears it) and has no index on key: a filter is enough.
    Dexie.Promise.all([db.outbox.where('key').anyOf(keys).count(), db.failed.filter((failure) => keys.includes(failure.key)).count()]),
  );
  if (refused > 0) return 'refused';
  return queued > 0 ? 'queued' : 'sent';
}

/** Calls `onChange` with the changes' delivery now and at every change of it; returns the unsubscribe. */
export function watchDelivery(keys: string[], onChange: (delivery: Delivery) => void): () => void {
  const subscription = liveQuery(() => readDelivery(keys)).subscribe({
    next: onChange,
    error: (err: unknown) => console.warn('watchDelivery', err),
  });
  return () => subscription.unsubscribe();
}
