// The ops of the text rows kept under a parent (docs/product.md §7): the comments and private notes
// of a post and of a list item. The four families do the same things to a different table under a
// different parent, so each is declared once (text-children.ts: its table, parent, text field and
// temporary row) and its ops are made here (docs/architecture/ops-and-screens.md 'The op
// registry'):
// - create: the row shows at once under a temporary negative id and the parent's shown count goes
//   up by one (server count + local delta, docs/architecture/local-store.md 'Local database'); it
//   waits for a parent written offline (requires); the ack gives it its real id everywhere,
//   including the entries queued behind it; a refusal removes it and refuses those entries;
// - edit: the text shown is the pending one; an edit of a row written offline waits for its
//   creation (the default requires: every target id);
// - delete: hidden at once, and the parent's shown count drops by one if the row was counted
//   (a comment only while public: the server's commentCount counts only those, docs/api.md);
// - report (comments): while pending the menu stops offering it (src/db/actions-menu.ts).
import { type ReportBody, type ReportResponse, VISIBILITY } from '../../../common/contract';
import { KINDS, type RowOf, type ServerRowOf } from '../../model/kinds';
import { putServerRows } from '../../model/rows';
import type { RowRef } from '../../model/types';
import { modifyRow } from './local-rows';
import type { OpContext, OpModuleOf } from './op-types';
import { refuseCreated, storeCreated } from './whole-rows';

/** The prefix of each family's op names ('comment.create'...). */
type TextOps = 'comment' | 'note' | 'listItemComment' | 'listItemNote';
type CommentOps = 'comment' | 'listItemComment';
type NoteOps = 'note' | 'listItemNote';
type CommentTable = 'comments' | 'itemComments';
type NoteTable = 'notes' | 'itemNotes';
type TextTable = CommentTable | NoteTable;
/** The text's field in the body, the row and the answer; also the segment of its route. */
type TextField = 'comment' | 'note';

/** What these ops read of an outbox entry: every entry of a family's ops is one. */
type TextEntry<T, F extends TextField> = { target: T; body: Record<F, string>; createdAt: number };

/** The parent of a family: a post or a list item, with what its children's ops need of it. */
export type TextParent<T, Answer> = {
  table: 'posts' | 'listItems';
  id(target: T): number;
  /** Its route, relative to /api/v1. */
  path(target: T): string;
  /** The ids that must exist on the server before a child is created. */
  requires(target: T): number[];
  /** Stores the parent as the server sent it with the answer to a create or a delete. */
  store(answer: Answer, ctx: OpContext): Promise<void>;
};

export type TextChild<C extends TextTable, T, F extends TextField, Answer> = {
  table: C;
  field: F;
  /** Typed by `id`: a family's target holds its parent's ids and its own. */
  parent: TextParent<NoInfer<T>, Answer>;
  id(target: T): number;
  /** The row as the server will most likely return it. */
  temporaryRow(entry: TextEntry<T, F>): Promise<RowOf[C]>;
};

/** The parent's local count each text moves. */
const DELTA = { comment: 'commentDelta', note: 'noteDelta' } as const;

/** Whether the parent's count counts the row: a note always, a comment only while public. */
function isCounted(row: RowOf[TextTable]): boolean {
  return !('visibility' in row) || row.visibility === VISIBILITY.PUBLIC;
}

/** The row alone, and the row with its parent (whose count a create or a delete moves). */
function textRows<C extends TextTable, T, F extends TextField, A>(child: TextChild<C, T, F, A>) {
  const row = (target: T): RowRef[] => [{ table: child.table, id: child.id(target) }];
  const withParent = (target: T, id = child.id(target)): RowRef[] => [{ table: child.table, id }, ...parentRow(child, target)];
  return { row, withParent };
}

function parentRow<T>(child: { parent: TextParent<T, unknown> }, target: T): RowRef[] {
  return [{ table: child.parent.table, id: child.parent.id(target) }];
}

async function moveCount<T>(child: { parent: TextParent<T, unknown>; field: TextField }, target: T, by: 1 | -1): Promise<void> {
  const delta = DELTA[child.field];
  await modifyRow(child.parent.table, child.parent.id(target), (row) => {
    row.local[delta] += by;
  });
}

/** The path of one row of the family. */
function rowPath<T>(child: TextChild<TextTable, T, TextField, unknown>, target: T): string {
  return `${child.parent.path(target)}/${child.field}/${child.id(target)}`;
}

/** The create, edit and delete ops of one family, named `${op}.create` and so on. */
function textChildOps<N extends TextOps, C extends TextTable, T, F extends TextField, A>(op: N, child: TextChild<C, T, F, A>) {
  const rows = textRows(child);
  type Entry = TextEntry<T, F>;
  const create: OpModuleOf<`${N}.create`, Entry, Record<F, ServerRowOf[C]> & A> = {
    name: `${op}.create`,
    rows: (entry) => rows.withParent(entry.target),
    async apply(entry) {
      await KINDS[child.table].table().put(await child.temporaryRow(entry));
      await moveCount(child, entry.target, 1);
    },
    request: (entry) => ({ method: 'POST', path: `${child.parent.path(entry.target)}/${child.field}`, body: textBody(child.field, entry) }),
    requires: (entry) => child.parent.requires(entry.target),
    async onAck(entry, response, ctx) {
      const stored = textOf(response, child.field);
      await storeCreated(child.table, child.id(entry.target), stored);
      await child.parent.store(response, ctx);
      await ctx.rebase(rows.withParent(entry.target, stored.id));
    },
    async onRefuse(entry, error, ctx) {
      await refuseCreated(child.table, child.id(entry.target), error, ctx);
      await ctx.rebase(parentRow(child, entry.target));
    },
  };
  const edit: OpModuleOf<`${N}.edit`, Entry, Record<F, ServerRowOf[C]>> = {
    name: `${op}.edit`,
    rows: (entry) => rows.row(entry.target),
    async apply(entry) {
      await modifyRow(child.table, child.id(entry.target), (row) => {
        row.local.edit = entry.body[child.field];
      });
    },
    request: (entry) => ({ method: 'PUT', path: rowPath(child, entry.target), body: textBody(child.field, entry) }),
    async onAck(entry, response, ctx) {
      await putServerRows(child.table, [textOf(response, child.field)]);
      await ctx.rebase(rows.row(entry.target));
    },
    async onRefuse(entry, _error, ctx) {
      await ctx.rebase(rows.row(entry.target));
    },
  };
  const remove: OpModuleOf<`${N}.delete`, { target: T }, A> = {
    name: `${op}.delete`,
    rows: (entry) => rows.withParent(entry.target),
    async apply(entry) {
      const row = await KINDS[child.table].table().get(child.id(entry.target));
      if (!row || row.local.deleted) return;
      await modifyRow(child.table, row.id, (stored) => {
        stored.local.deleted = true;
      });
      if (isCounted(row)) await moveCount(child, entry.target, -1);
    },
    request: (entry) => ({ method: 'DELETE', path: rowPath(child, entry.target) }),
    async onAck(entry, response, ctx) {
      await KINDS[child.table].table().delete(child.id(entry.target));
      await child.parent.store(response, ctx);
      await ctx.rebase(parentRow(child, entry.target));
    },
    async onRefuse(entry, _error, ctx) {
      await ctx.rebase(rows.withParent(entry.target));
    },
  };
  return { create, edit, delete: remove, ...rows };
}

/** The ops of a family of notes: create, edit, delete. */
export function noteChildOps<N extends NoteOps, C extends NoteTable, T, A>(op: N, family: Omit<TextChild<C, T, 'note', A>, 'field'>) {
  return textChildOps(op, { ...family, field: 'note' });
}

/** The ops of a family of comments: those of every text, and its report. */
export function commentChildOps<N extends CommentOps, C extends CommentTable, T, A>(op: N, family: Omit<TextChild<C, T, 'comment', A>, 'field'>) {
  const child: TextChild<C, T, 'comment', A> = { ...family, field: 'comment' };
  return { ...textChildOps(op, child), report: textReportOp(op, child) };
}

/** The report op of a family of comments, named `${op}.report`. */
function textReportOp<N extends CommentOps, C extends CommentTable, T, A>(op: N, child: TextChild<C, T, 'comment', A>) {
  const { row } = textRows(child);
  const report: OpModuleOf<`${N}.report`, { target: T; body: ReportBody }, ReportResponse> = {
    name: `${op}.report`,
    rows: (entry) => row(entry.target),
    async apply(entry) {
      await modifyRow(child.table, child.id(entry.target), (stored) => {
        stored.local.reported = true;
      });
    },
    request: (entry) => ({
      method: 'POST',
      path: `${rowPath(child, entry.target)}/report`,
      body: { ...entry.body },
      // Rate limited on the server (abuse limit): never inside a batch (worker/drain.ts).
      single: true,
    }),
    async onAck(entry, _response, ctx) {
      await ctx.rebase(row(entry.target));
    },
    async onRefuse(entry, _error, ctx) {
      await ctx.rebase(row(entry.target));
    },
  };
  return report;
}

/** The row an answer carries under the text's field ({comment} or {note}). */
function textOf<F extends TextField, Row>(answer: Record<F, Row>, field: F): Row {
  return answer[field];
}

/** The body of a create or an edit: the text alone. */
function textBody<F extends TextField>(field: F, entry: { body: Record<F, string> }): Record<string, unknown> {
  return { [field]: entry.body[field] };
}
