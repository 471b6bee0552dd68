// Unsent drafts in the local store (issue #26 point 1, docs/product.md §2 'Drafts'): a form keeps
// what its person types, per account and form target, restored when the form opens again, after a
// reload and offline. A DraftKeeper writes at most once per DRAFT_SAVE_MS while typing (one small
// put on the drafts table, never the command tables), at once when the page is hidden or the form
// goes, and forgets the draft when the words are sent or discarded. Its writes run one after
// another, so a late save can never bring back a draft that was cleared after it. When the page
// goes, what is not yet written is also spilled to Web Storage at once (./draft-spill.ts).
import { db } from '../model/db';
import type { DraftFields } from '../model/draft-types';
import { browserLocalStorage, type KeyValueStore } from '../platform/runtime';
import { dropSpill, readSpill, spillDraft, type DraftChange } from './draft-spill';

/** How long typing may go unsaved: a reload or a closed app loses at most this much. */
export const DRAFT_SAVE_MS = 300;

/** The forms that keep drafts; the id is the post, comment, list, item or refused change written about. */
export type DraftKind =
  | 'post' | 'editPost' | 'testimony' | 'comment' | 'editComment' | 'note' | 'editNote'
  | 'itemComment' | 'itemNote' | 'list' | 'editList' | 'item' | 'editItem' | 'report' | 'resend' | 'update';

/** One form's draft target: 'post' for the composer, 'comment:12' under post 12, 'report:post:12'... */
export function draftTarget(kind: DraftKind, ...ids: (number | string)[]): string {
  return [kind, ...ids].join(':');
}

const keyOf = (accountId: number, target: string) => `${accountId}|${target}`;

/** The draft saved for this account and form, if any. */
export async function loadDraft(accountId: number, target: string): Promise<DraftFields | undefined> {
  return (await db.drafts.get(keyOf(accountId, target)))?.fields;
}

export async function saveDraft(accountId: number, target: string, fields: DraftFields): Promise<void> {
  await db.drafts.put({ key: keyOf(accountId, target), accountId, target, fields, savedAt: Date.now() });
}

export async function clearDraft(accountId: number, target: string): Promise<void> {
  await db.drafts.delete(keyOf(accountId, target));
}

/** True when both hold the same value for every field of `a`. */
export function sameFields(a: DraftFields, b: DraftFields): boolean {
  return Object.keys(a).every((field) => a[field] === b[field]);
}

/**
 * A saved draft laid over the form's starting values: only the form's own fields, of the same
 * type (a draft saved by an older form never puts a wrong value in a field).
 */
export function restoredFields<T extends DraftFields>(initial: T, saved: DraftFields): T {
  const restored: DraftFields = { ...initial };
  for (const field of Object.keys(initial)) {
    const value = saved[field];
    if (value !== undefined && typeof value === typeof initial[field]) restored[field] = value;
  }
  return restored as T;
}

/** The saving side of one open form's draft: debounced while typing, flushed when the page goes. */
export class DraftKeeper {
  private pending: DraftChange | null = null;
  /** The latest change not yet known to be in the table (pending, or written but not committed). */
  private unsaved: DraftChange | null = null;
  /** A spill is in Web Storage: dropped once the table holds all it held (else it would outlive a clear). */
  private isSpilled = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly accountId: number,
    private readonly target: string,
    private readonly initial: DraftFields,
    private readonly delayMs = DRAFT_SAVE_MS,
    private readonly spills: KeyValueStore = browserLocalStorage(),
  ) {}

  private get key(): string {
    return keyOf(this.accountId, this.target);
  }

  /** The saved draft; one spilled when the page last went comes first, and is moved into the table. */
  async load(): Promise<DraftFields | undefined> {
    const spilled = readSpill(this.spills, this.key);
    if (spilled === undefined) return loadDraft(this.accountId, this.target);
    // In the keeper's order of writes, so a save typed meanwhile lands after it; dropped once written.
    this.enqueue(async () => {
      await this.write(spilled);
      dropSpill(this.spills, this.key);
    });
    await this.writes;
    return spilled.kind === 'save' ? spilled.fields : undefined;
  }

  /** The form's values changed: saved within delayMs, or the draft forgotten when they are back to the start. */
  change(fields: DraftFields): void {
    this.unsaved = this.pending = sameFields(fields, this.initial) && sameFields(this.initial, fields) ? { kind: 'clear' } : { kind: 'save', fields: { ...fields } };
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes what waits now (the page is hidden, the form closes). Resolves once every write so far is done. */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const next = this.pending;
    this.pending = null;
    if (next) {
      this.enqueue(async () => {
        await this.write(next);
        if (this.unsaved !== next) return;
        this.unsaved = null;
        if (this.isSpilled) dropSpill(this.spills, this.key);
        this.isSpilled = false;
      });
    }
    return this.writes;
  }

  /** The page goes: what is not yet in the table is kept synchronously too, then written. */
  spillAndFlush(): Promise<void> {
    if (this.unsaved) {
      spillDraft(this.spills, this.key, this.unsaved);
      this.isSpilled = true;
    }
    return this.flush();
  }

  /** The words were sent or discarded: nothing waiting is saved, and the draft is forgotten. */
  clear(): Promise<void> {
    this.unsaved = this.pending = { kind: 'clear' };
    return this.flush();
  }

  private write(change: DraftChange): Promise<void> {
    return change.kind === 'save' ? saveDraft(this.accountId, this.target, change.fields) : clearDraft(this.accountId, this.target);
  }

  private enqueue(write: () => Promise<void>): void {
    // A failed write (a full disk) costs the draft, never the form: the person still has their words on screen.
    this.writes = this.writes.then(write).catch((error: unknown) => console.warn('draft not saved', error));
  }
}
