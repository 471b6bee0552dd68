// The viewer's private notes on a post (docs/product.md §2 post detail, §3 Note;
// docs/architecture/server.md 'Reference server': only their author sees them): write, and the note
// actions menu of noteActionsMenu() (edit, delete: ./-post-child-dialogs.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../common/constants';
import { noteActionsMenu } from '../db/actions-menu';
import { createNote } from '../commands';
import { useNotes } from '../db/post-queries';
import type { ShownPost } from '../model/shown';
import { ActionsMenu } from '../components/actions-menu';
import { RelativeTime } from '../components/relative-time';
import { TextComposer } from '../components/text-composer';
import { useViewer } from './-post-menu';
import { PostChildDialogs, type ChosenChild } from './-post-child-dialogs';
import { draftTarget } from '../state/drafts';

export function PostNotes({ post }: { post: ShownPost }) {
  const { t } = useTranslation();
  const notes = useNotes(post.id);
  const viewer = useViewer();
  const [chosen, setChosen] = useState<ChosenChild>(null);
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
                  <ActionsMenu label={t('postDetail.noteMenu')} actions={actions} onSelect={(action) => setChosen({ action, id: note.id, text: note.note })} />
                </header>
                <p className="child-item__text">{note.note}</p>
                {note.isPending && <p className="post-card__pending">{t('post.pending')}</p>}
              </article>
            </li>
          ))}
        </ol>
      )}
      <PostChildDialogs kind="note" postId={post.id} chosen={chosen} onClose={close} />
    </div>
  );
}
