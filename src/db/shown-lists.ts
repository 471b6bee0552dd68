// What a screen shows for lists, items, and an item's notes and comments: the server's values
// with this device's unacknowledged intent on top (docs/architecture/local-store.md 'Local
// database'), as src/model/shown.ts does for posts. Pure, so "never add +1 to a server value that
// already has it" is tested without a database.
import type { ItemCommentRow, ItemNoteRow, ListItemRow, ListRow } from '../model/types';
import { localLast } from './local-last';

export type ShownList = Omit<ListRow, 'local'> & {
  /** config.qtd (active items on the server) moved by items added, archived, restored or deleted here. */
  shownItemCount: number;
  isPending: boolean;
  /** Made here and not yet on the server (temporary negative id). */
  isLocalOnly: boolean;
};

export function toShownList(row: ListRow): ShownList {
  const { local, ...server } = row;
  const edit = local.edit ?? {};
  return {
    ...server,
    name: edit.name ?? server.name,
    description: edit.description !== undefined ? edit.description : server.description,
    visibility: edit.visibility ?? server.visibility,
    shownItemCount: Math.max(0, server.config.qtd + local.itemDelta),
    isPending: local.edit !== null || local.deleted || local.itemDelta !== 0 || server.id < 0,
    isLocalOnly: server.id < 0,
  };
}

export type ShownListItem = Omit<ListItemRow, 'local'> & {
  /** The server's prayedCount plus this device's unacknowledged prays. */
  shownPrayedCount: number;
  /** docs/product.md §4: archived (deleted_at set on the server, or a pending archive not undone by a restore). */
  isArchived: boolean;
  shownNoteCount: number;
  shownCommentCount: number;
  isPending: boolean;
  /** The same, prays left aside: they show on the pray button, not as a line above it (issue #12). */
  isPendingBesidesPrays: boolean;
  isLocalOnly: boolean;
};

export function toShownItem(row: ListItemRow): ShownListItem {
  const { local, ...server } = row;
  const edit = local.edit ?? {};
  const isPendingBesidesPrays =
    local.bookmarked !== null || local.edit !== null || local.archived !== null ||
    local.deleted || local.noteDelta !== 0 || local.commentDelta !== 0 || server.id < 0;
  const isPending = local.pendingPrays > 0 || isPendingBesidesPrays;
  return {
    ...server,
    text: edit.text ?? server.text,
    title: edit.title !== undefined ? edit.title : server.title,
    reference: edit.reference !== undefined ? edit.reference : server.reference,
    shownPrayedCount: server.prayedCount + local.pendingPrays,
    isPrayed: server.isPrayed || local.pendingPrays > 0,
    is_bookmarked: local.bookmarked ?? server.is_bookmarked,
    isArchived: local.archived ?? server.deleted_at !== null,
    shownNoteCount: Math.max(0, server.noteCount + local.noteDelta),
    shownCommentCount: Math.max(0, server.commentCount + local.commentDelta),
    isPending,
    isPendingBesidesPrays,
    isLocalOnly: server.id < 0,
  };
}

/** docs/product.md §4 list order: the server's positions, then items added here in the order they were made. */
const byListOrder = localLast<ShownListItem>((a, b) => a.position - b.position || a.id - b.id);

/** Archived items, most recently archived first; those archived here (no server time yet) on top. */
function byArchivedAt(a: ShownListItem, b: ShownListItem): number {
  return (b.deleted_at ?? '\uffff').localeCompare(a.deleted_at ?? '\uffff');
}

/** The items of one view (docs/product.md §4: archiving, restoring and deleting each remove an item from it). */
export function selectItems(rows: ListItemRow[], archived: boolean): ShownListItem[] {
  return rows
    .filter((row) => !row.local.deleted)
    .map(toShownItem)
    .filter((item) => item.isArchived === archived)
    .sort(archived ? byArchivedAt : byListOrder);
}

export type ShownItemNote = Omit<ItemNoteRow, 'local'> & { isPending: boolean; isLocalOnly: boolean };
export type ShownItemComment = Omit<ItemCommentRow, 'local'> & { isReported: boolean; isPending: boolean; isLocalOnly: boolean };

const byCreation = (a: { createdAtMs: number; id: number }, b: { createdAtMs: number; id: number }) =>
  a.createdAtMs - b.createdAtMs || Math.abs(a.id) - Math.abs(b.id);

export function selectItemNotes(rows: ItemNoteRow[]): ShownItemNote[] {
  return rows
    .filter((row) => !row.local.deleted)
    .sort(byCreation)
    .map(({ local, ...server }) => ({ ...server, note: local.edit ?? server.note, isPending: local.edit !== null || server.id < 0, isLocalOnly: server.id < 0 }));
}

export function selectItemComments(rows: ItemCommentRow[]): ShownItemComment[] {
  return rows
    .filter((row) => !row.local.deleted)
    .sort(byCreation)
    .map(({ local, ...server }) => ({
      ...server,
      comment: local.edit ?? server.comment,
      isReported: local.reported,
      isPending: local.edit !== null || local.reported || server.id < 0,
      isLocalOnly: server.id < 0,
    }));
}

/**
 * A prayer session over a list (docs/api.md 'Prayer sessions over lists', offline): at most
 * `size` active items, those the viewer has not prayed first, then in list order. The server
 * orders by the time of the viewer's last prayer, which the local rows do not hold.
 */
export function selectSessionItems(rows: ListItemRow[], size: number): ShownListItem[] {
  const active = selectItems(rows, false);
  const notPrayed = active.filter((item) => !item.isPrayed);
  const prayed = active.filter((item) => item.isPrayed);
  return [...notPrayed, ...prayed].slice(0, size);
}
