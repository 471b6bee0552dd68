// Issue #12 'edit and send again': a refused change's words in the composer of what they were for,
// prefilled, sent through the normal command and outbox like any new change
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). The plan
// (src/db/change-reads.ts) names what still exists: a new post, the post's edit or testimony, a
// comment or note (an edit of one that is gone goes again as a new one on its post).
import type { TFunction } from 'i18next';
import { TEXT_LIMITS } from '../../common/constants';
import type { Resend } from '../db/change-reads';
import { loadCommands } from '../commands/lazy';
import type { TextDialogSpec } from '../components/text-dialog';
import { draftTarget } from '../state/drafts';

/** The command that sends the words again; resolves once saved locally (the outbox does the rest). */
async function send(plan: Resend, text: string): Promise<void> {
  const {
    answerPost, createComment, createItemComment, createItemNote, createNote, createRequest, editComment, editItemComment, editItemNote,
    editNote, editPost,
  } = await loadCommands();
  switch (plan.kind) {
    case 'post':
      await createRequest({ text, type: plan.type, is_anonymous: plan.isAnonymous });
      return;
    case 'postEdit':
      return editPost(plan.postId, { text });
    case 'answer':
      return answerPost(plan.postId, text);
    case 'comment':
      if (plan.childId !== null) return editComment(plan.postId, plan.childId, text);
      await createComment(plan.postId, text);
      return;
    case 'note':
      if (plan.childId !== null) return editNote(plan.postId, plan.childId, text);
      await createNote(plan.postId, text);
      return;
    case 'itemComment':
      if (plan.childId !== null) return editItemComment(plan.childId, text);
      await createItemComment(plan.itemId, text);
      return;
    case 'itemNote':
      if (plan.childId !== null) return editItemNote(plan.childId, text);
      await createItemNote(plan.itemId, text);
      return;
  }
}

const LIMITS: Record<Resend['kind'], number> = {
  post: TEXT_LIMITS.request,
  postEdit: TEXT_LIMITS.request,
  answer: TEXT_LIMITS.request,
  comment: TEXT_LIMITS.comment,
  note: TEXT_LIMITS.note,
  itemComment: TEXT_LIMITS.comment,
  itemNote: TEXT_LIMITS.note,
};

function emptyMessageOf(kind: Resend['kind'], t: TFunction): string | null {
  if (kind === 'answer') return null; // a testimony is optional (docs/product.md §4 answeredPost)
  if (kind === 'comment' || kind === 'itemComment') return t('postDetail.commentEmpty');
  if (kind === 'note' || kind === 'itemNote') return t('postDetail.noteEmpty');
  return t('postDetail.editPostEmpty');
}

/**
 * The text dialog for sending a refused change's words again. `onSent` runs once the new change
 * is saved on this device (the caller then removes the refused record: its words live on in the
 * new change, which has its own fate in the outbox).
 */
export function resendSpec(plan: Resend, failureId: number, t: TFunction, onSent: () => Promise<void>): TextDialogSpec {
  return {
    draftTarget: draftTarget('resend', failureId),
    title: t(`syncFeedback.refused.resendTitle.${plan.kind}`),
    label: t(`syncFeedback.refused.resendLabel.${plan.kind}`),
    initialValue: plan.text,
    max: LIMITS[plan.kind],
    emptyMessage: emptyMessageOf(plan.kind, t),
    submitLabel: t('syncFeedback.refused.send'),
    onSubmit: async (text) => {
      await send(plan, text);
      await onSent();
    },
  };
}
