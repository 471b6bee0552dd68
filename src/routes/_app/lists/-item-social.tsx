// The viewer's private notes and the public comments of one list item (docs/product.md §2 item screen, §6:
// notes and comments have edit and delete; others' comments can be reported). Every write is a
// command: shown at once, sent when online.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../../../common/constants';
import type { ReportType } from '../../../../common/contract';
import {
  createItemComment, createItemNote, deleteItemComment, deleteItemNote, editItemComment, editItemNote, reportItemComment,
} from '../../../commands';
import { itemCommentActionsMenu } from '../../../db/item-actions-menu';
import { noteActionsMenu } from '../../../db/actions-menu';
import { useItemComments, useItemNotes } from '../../../db/list-queries';
import { useSession } from '../../../db/queries';
import type { ShownListItem } from '../../../db/shown-lists';
import { bannerMessage } from '../../../components/api-error';
import { AppDialog } from '../../../components/app-dialog';
import { useBanner } from '../../../components/banner-provider';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { DropdownEntry } from '../../../components/actions-dropdown';
import { EntryComposer, EntryList, type EntryData } from '../../../components/entry-list';
import { ReportDialog } from '../../../components/report-dialog';
import { changeTexts, reportTexts, useChangeToast } from '../../-change-toast';
import { draftTarget } from '../../../state/drafts';
import { personName } from '../../../i18n/person-name';

type Target = { id: number; text: string };

/** Edit and delete dialogs shared by the two sections. */
function useEntryDialogs(kind: 'note' | 'comment', save: (id: number, text: string) => Promise<void>, remove: (id: number) => Promise<void>) {
  const { t } = useTranslation();
  const banner = useBanner();
  const [editing, setEditing] = useState<Target | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const fail = (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('lists.item.actionFailed')) });
  const dialogs: ReactNode = (
    <>
      <AppDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={kind === 'note' ? t('lists.detail.editNote') : t('lists.detail.editComment')}
      >
        {editing && (
          <EntryComposer
            label={kind === 'note' ? t('lists.detail.noteLabel') : t('lists.detail.commentLabel')}
            submitLabel={t('lists.detail.save')}
            max={kind === 'note' ? TEXT_LIMITS.note : TEXT_LIMITS.comment}
            initial={editing.text}
            draftTarget={draftTarget(kind === 'note' ? 'editNote' : 'editComment', 'item', editing.id)}
            onSubmit={async (text) => {
              await save(editing.id, text);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </AppDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={kind === 'note' ? t('lists.detail.deleteNoteTitle') : t('lists.detail.deleteCommentTitle')}
        description={t('lists.detail.deleteBody')}
        confirmLabel={t('lists.detail.delete')}
        cancelLabel={t('lists.detail.cancel')}
        onConfirm={() => {
          if (deleting !== null) void remove(deleting).catch(fail);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
  return { setEditing, setDeleting, dialogs, fail };
}

export function NotesSection({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const announce = useChangeToast();
  const session = useSession();
  const notes = useItemNotes(itemId);
  const viewer = session.user ? { id: session.user.id } : null;
  const dialogs = useEntryDialogs('note', editItemNote, deleteItemNote);
  const entries: EntryData[] | undefined = notes?.map((note) => ({
    id: note.id,
    author: null,
    text: note.note,
    createdAt: note.created_at,
    isPending: note.isPending,
    menu: noteActionsMenu(viewer).map((action) =>
      action === 'editNote'
        ? { key: action, label: t('lists.detail.edit'), onSelect: () => dialogs.setEditing({ id: note.id, text: note.note }) }
        : { key: action, label: t('lists.detail.delete'), onSelect: () => dialogs.setDeleting(note.id), isDanger: true },
    ),
  }));
  return (
    <section className="lists__section" aria-labelledby="notes-heading">
      <h2 id="notes-heading" className="lists__subheading">
        {t('lists.detail.notes')}
      </h2>
      <p className="feed__note">{t('lists.detail.notesHint')}</p>
      <EntryList entries={entries} empty={t('lists.detail.notesEmpty')} loading={t('lists.loading')} menuLabel={t('lists.detail.entryMenu')} />
      <EntryComposer
        label={t('lists.detail.noteLabel')}
        submitLabel={t('lists.detail.saveNote')}
        max={TEXT_LIMITS.note}
        draftTarget={draftTarget('itemNote', itemId)}
        onSubmit={async (text) => {
          await announce(() => createItemNote(itemId, text), changeTexts(t, 'noteAdded'));
        }}
      />
      {dialogs.dialogs}
    </section>
  );
}

export function CommentsSection({ item }: { item: ShownListItem }) {
  const { t } = useTranslation();
  const announce = useChangeToast();
  const session = useSession();
  const comments = useItemComments(item.id);
  const viewer = session.user ? { id: session.user.id } : null;
  const dialogs = useEntryDialogs('comment', editItemComment, deleteItemComment);
  const [reporting, setReporting] = useState<number | null>(null);
  const labels = { editComment: t('lists.detail.edit'), deleteComment: t('lists.detail.delete'), reportComment: t('lists.detail.report') };
  const entries: EntryData[] | undefined = comments?.map((comment) => ({
    id: comment.id,
    author: personName(comment.user, t),
    text: comment.comment,
    createdAt: comment.created_at,
    isPending: comment.isPending,
    menu: itemCommentActionsMenu(comment, item, viewer).flatMap((action): DropdownEntry[] => {
      if (action === 'editComment') return [{ key: action, label: labels.editComment, onSelect: () => dialogs.setEditing({ id: comment.id, text: comment.comment }) }];
      if (action === 'deleteComment') return [{ key: action, label: labels.deleteComment, onSelect: () => dialogs.setDeleting(comment.id), isDanger: true }];
      if (action === 'reportComment') return [{ key: action, label: labels.reportComment, onSelect: () => setReporting(comment.id) }];
      return [];
    }),
  }));
  const report = async (type: ReportType, details: string | null) => {
    if (reporting === null) return;
    const commentId = reporting;
    await announce(() => reportItemComment(commentId, type, details), reportTexts(t));
  };
  return (
    <section className="lists__section" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="lists__subheading">
        {t('lists.detail.comments')}
      </h2>
      <EntryList entries={entries} empty={t('lists.detail.commentsEmpty')} loading={t('lists.loading')} menuLabel={t('lists.detail.entryMenu')} />
      <EntryComposer
        label={t('lists.detail.commentLabel')}
        submitLabel={t('lists.detail.postComment')}
        max={TEXT_LIMITS.comment}
        draftTarget={draftTarget('itemComment', item.id)}
        onSubmit={async (text) => {
          await announce(() => createItemComment(item.id, text), changeTexts(t, 'commentAdded'));
        }}
      />
      {dialogs.dialogs}
      <ReportDialog open={reporting !== null} draftTarget={reporting === null ? null : draftTarget('report', 'itemComment', reporting)} onClose={() => setReporting(null)} onSubmit={report} />
    </section>
  );
}
