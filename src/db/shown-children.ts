// What a screen shows for a post's comments and the viewer's notes: the server's values with
// this device's unacknowledged intent on top (docs/architecture/local-store.md 'Local database'),
// like src/model/shown.ts does for posts.
import type { CommentRow, NoteRow } from '../model/types';
import { localLast } from './local-last';

export type ShownComment = Omit<CommentRow, 'local'> & {
  /** The server's likeCount, moved by one while this device's toggle is unacknowledged. */
  shownLikeCount: number;
  /** Shown value: the user's last unacknowledged choice, else the server's. */
  isLiked: boolean;
  /** A report of this device is unacknowledged. */
  isReported: boolean;
  isPending: boolean;
  /** Written here and not yet on the server (temporary negative id). */
  isLocalOnly: boolean;
};

function toShownComment(row: CommentRow): ShownComment {
  const { local, ...server } = row;
  const isLiked = local.liked ?? server.isLiked;
  const likeMove = isLiked === server.isLiked ? 0 : isLiked ? 1 : -1;
  return {
    ...server,
    comment: local.edit ?? server.comment,
    shownLikeCount: Math.max(0, server.likeCount + likeMove),
    isLiked,
    isReported: local.reported,
    isPending: local.edit !== null || local.liked !== null || local.reported || server.id < 0,
    isLocalOnly: server.id < 0,
  };
}

export type ShownNote = Omit<NoteRow, 'local'> & { isPending: boolean; isLocalOnly: boolean };

function toShownNote(row: NoteRow): ShownNote {
  const { local, ...server } = row;
  return { ...server, note: local.edit ?? server.note, isPending: local.edit !== null || server.id < 0, isLocalOnly: server.id < 0 };
}

type Ordered = { createdAtMs: number; id: number };

/**
 * Oldest first, as the server lists them (a conversation, a journal;
 * docs/decisions/0081-posts-commentcount-counts-what-everyone-sees.md). What was written here and
 * not yet sent comes last, in the order written (local-last.ts).
 */
const byCreation = localLast<Ordered>((a, b) => a.createdAtMs - b.createdAtMs || a.id - b.id);

/** A post's comments as shown: deleted ones (pending delete) left out, oldest first. */
export function selectComments(rows: CommentRow[]): ShownComment[] {
  return rows.filter((row) => !row.local.deleted).sort(byCreation).map(toShownComment);
}

export function selectNotes(rows: NoteRow[]): ShownNote[] {
  return rows.filter((row) => !row.local.deleted).sort(byCreation).map(toShownNote);
}
