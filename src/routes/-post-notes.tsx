// The viewer's private notes on a post (docs/product.md §2 post detail, §3 Note; docs/architecture.md 'Reference server': only their
// author sees them): write, and the note actions menu of noteActionsMenu() (edit, delete).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../common/constants';
import type { PostAction } from '../../common/contract';
import { noteActionsMenu } from '../db/actions-menu';
import { useNotes } from '../db/post-queries';
import type { ShownNote } from '../db/shown-children';
import type { ShownPost } from '../model/shown';
import { createNote, deleteNote, editNote } from '../commands';
import { ActionsMenu } from '../components/actions-menu';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RelativeTime } from '../components/relative-time';
import { TextComposer } from '../components/text-composer';
import { TextDialog } from '../components/text-dialog';
import { useViewer } from './-post-menu';
import { draftTarget } from '../state/drafts';

type Chosen = { action: PostAction; note: ShownNote } | null;

export function PostNotes({ post }: { post: ShownPost }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const notes = useNotes(post.id);
  const viewer = useViewer();
  const [chosen, setChosen] = useState<Chosen>(null);
  const close = () => setChosen(null);
  const actions = noteActionsMenu(viewer).map((action) => ({ action, label: t(`postDetail.action.${action}`) }));
  return (
    <div className="post-children">
      <TextComposer
        label={t('postDetail.noteLabel')}
        placeholder={t('postDetail.notePlaceholder')}
        hint={t('postDetail.noteHint')}
        max={TEXT_LIMITS.note}
        emptyMessage={t('postDetail.noteEmpty')}
        submitLabel={t('postDetail.noteSubmit')}
        draftTarget={draftTarget('note', post.id)}
        onSubmit={async (text) => {
          await createNote(post.id, text);
        }}
      />
      {notes === undefined ? (
        <p className="feed__note">{t('postDetail.loading')}</p>
      ) : notes.length === 0 ? (
        <p className="feed__note">{t('postDetail.notesNone')}</p>
      ) : (
        <ol className="post-children__list" aria-label={t('postDetail.tabNotes', { count: notes.length })}>
          {notes.map((note) => (
            <li key={note.id}>
              <article className="child-item" aria-label={t('postDetail.noteMenu')}>
                <header className="child-item__head">
                  <p className="child-item__meta">
                    <RelativeTime iso={note.created_at} />
                  </p>
                  <ActionsMenu label={t('postDetail.noteMenu')} actions={actions} onSelect={(action) => setChosen({ action, note })} />
                </header>
                <p className="child-item__text">{note.note}</p>
                {note.isPending && <p className="post-card__pending">{t('post.pending')}</p>}
              </article>
            </li>
          ))}
        </ol>
      )}
      <TextDialog
        spec={
          chosen?.action === 'editNote'
            ? {
                title: t('postDetail.editNoteTitle'),
                label: t('postDetail.noteLabel'),
                initialValue: chosen.note.note,
                draftTarget: draftTarget('editNote', chosen.note.id),
                max: TEXT_LIMITS.note,
                emptyMessage: t('postDetail.noteEmpty'),
                submitLabel: t('postDetail.save'),
                onSubmit: (text) => editNote(post.id, chosen.note.id, text),
              }
            : null
        }
        onClose={close}
      />
      <ConfirmDialog
        open={chosen?.action === 'deleteNote'}
        title={t('postDetail.deleteNoteTitle')}
        description={t('postDetail.deleteText')}
        confirmLabel={t('postDetail.delete')}
        cancelLabel={t('postDetail.cancel')}
        onConfirm={() => {
          if (chosen) void deleteNote(post.id, chosen.note.id).catch((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) }));
          close();
        }}
        onCancel={close}
      />
    </div>
  );
}
