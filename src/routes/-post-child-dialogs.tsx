// The edit and delete dialogs of a post's note or comment (docs/product.md §2 post detail, §6),
// for the one chosen from its actions menu in ./-post-notes.tsx or ./-post-comments.tsx: the text
// in a TextDialog kept as a draft, and a confirmation before the delete. Both run their command
// (local first, then the outbox); a failed delete shows in the banner.
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../common/constants';
import type { PostAction } from '../../common/contract';
import { deleteComment, deleteNote, editComment, editNote } from '../commands';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextDialog } from '../components/text-dialog';
import { draftTarget } from '../state/drafts';

/** The child chosen from its menu, and the action chosen. */
export type ChosenChild = { action: PostAction; id: number; text: string } | null;

const KINDS = {
  note: {
    edit: 'editNote', remove: 'deleteNote', editTitle: 'postDetail.editNoteTitle', label: 'postDetail.noteLabel',
    empty: 'postDetail.noteEmpty', deleteTitle: 'postDetail.deleteNoteTitle', max: TEXT_LIMITS.note, save: editNote, drop: deleteNote,
  },
  comment: {
    edit: 'editComment', remove: 'deleteComment', editTitle: 'postDetail.editCommentTitle', label: 'postDetail.commentLabel',
    empty: 'postDetail.commentEmpty', deleteTitle: 'postDetail.deleteCommentTitle', max: TEXT_LIMITS.comment, save: editComment, drop: deleteComment,
  },
} as const;

type PostChildDialogsProps = { kind: keyof typeof KINDS; postId: number; chosen: ChosenChild; onClose: () => void };

export function PostChildDialogs({ kind, postId, chosen, onClose }: PostChildDialogsProps) {
  const { t } = useTranslation();
  const banner = useBanner();
  const child = KINDS[kind];
  return (
    <>
      <TextDialog
        spec={
          chosen?.action === child.edit
            ? {
                title: t(child.editTitle),
                label: t(child.label),
                initialValue: chosen.text,
                draftTarget: draftTarget(child.edit, chosen.id),
                max: child.max,
                emptyMessage: t(child.empty),
                submitLabel: t('postDetail.save'),
                onSubmit: (text) => child.save(postId, chosen.id, text),
              }
            : null
        }
        onClose={onClose}
      />
      <ConfirmDialog
        open={chosen?.action === child.remove}
        title={t(child.deleteTitle)}
        description={t('postDetail.deleteText')}
        confirmLabel={t('postDetail.delete')}
        cancelLabel={t('postDetail.cancel')}
        onConfirm={() => {
          if (chosen) void child.drop(postId, chosen.id).catch((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) }));
          onClose();
        }}
        onCancel={onClose}
      />
    </>
  );
}
