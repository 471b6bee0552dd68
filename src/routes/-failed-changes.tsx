// Wires the refused-changes list to the local database (docs/architecture.md 'Outbox and sync protocol', issue #12): a banner for each
// new refusal that says what was refused, why, and that the words were kept; the dialog listing
// them with the words, copy, edit and send again (./-resend-dialog.tsx), and discard. Not a route
// (the '-' prefix keeps the router out).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useRefusedChanges } from '../db/change-queries';
import type { FailedMutation } from '../model/types';
import type { RefusedChange } from '../db/change-reads';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import type { FailedChange } from '../components/failed-changes-dialog';
import { deferredDialog } from '../components/deferred-dialog';
import { TextDialog, type TextDialogSpec } from '../components/text-dialog';
import type { postDetailTexts } from '../i18n/locales/areas/post-detail';
import { resendSpec } from './-resend-dialog';

/** Loaded when first opened (issue #14's first-load budget; src/components/deferred-dialog.tsx). */
const FailedChangesDialog = deferredDialog(() => import('../components/failed-changes-dialog'), (props) => props.open);

const dismissFailure = lazyCommand('dismissFailure');
const dismissAllFailures = lazyCommand('dismissAllFailures');

type OpLabelKey = keyof (typeof postDetailTexts)['en-US']['ops'];

/** Every op the user can cause (the registry less background ops): a full Record, so a new op fails the type check until it has a label. */
export const OP_LABEL_KEYS: Record<FailedMutation['op'], OpLabelKey> = {
  'post.pray': 'postPray',
  'post.bookmark': 'postBookmark',
  'post.create': 'postCreate',
  'post.edit': 'postEdit',
  'post.delete': 'postDelete',
  'post.answer': 'postAnswer',
  'post.unanswer': 'postUnanswer',
  'post.report': 'postReport',
  'moderation.decide': 'moderationDecide',
  'person.hide': 'personHide',
  'person.show': 'personShow',
  'reminder.put': 'reminderPut',
  'reminder.delete': 'reminderDelete',
  'comment.create': 'commentCreate',
  'comment.edit': 'commentEdit',
  'comment.delete': 'commentDelete',
  'comment.like': 'commentLike',
  'comment.report': 'commentReport',
  'note.create': 'noteCreate',
  'note.edit': 'noteEdit',
  'note.delete': 'noteDelete',
  'postUpdate.create': 'postUpdateCreate',
  'postUpdate.delete': 'postUpdateDelete',
  'list.create': 'listCreate',
  'list.edit': 'listEdit',
  'list.delete': 'listDelete',
  'listItem.create': 'listItemCreate',
  'listItem.edit': 'listItemEdit',
  'listItem.archive': 'listItemArchive',
  'listItem.restore': 'listItemRestore',
  'listItem.delete': 'listItemDelete',
  'listItem.pray': 'listItemPray',
  'listItem.bookmark': 'listItemBookmark',
  'listItemNote.create': 'listItemNoteCreate',
  'listItemNote.edit': 'listItemNoteEdit',
  'listItemNote.delete': 'listItemNoteDelete',
  'listItemComment.create': 'listItemCommentCreate',
  'listItemComment.edit': 'listItemCommentEdit',
  'listItemComment.delete': 'listItemCommentDelete',
  'listItemComment.report': 'listItemCommentReport',
  'user.todaySession': 'userTodaySession',
  'user.sessionFinished': 'userSessionFinished',
  'user.locale': 'userLocale',
  'user.channel': 'userChannel',
  'user.prayerSessionItemsQtd': 'userPrayerSessionItemsQtd',
  'user.profile': 'userProfile',
  'group.create': 'groupCreate',
  'group.join': 'groupJoin',
  'group.joinRequest': 'groupJoinRequest',
  'group.leave': 'groupLeave',
  'group.edit': 'groupEdit',
  'group.setRole': 'groupSetRole',
  'group.removeMember': 'groupRemoveMember',
  'group.rotateInvite': 'groupRotateInvite',
  'group.delete': 'groupDelete',
  'group.decideRequest': 'groupDecideRequest',
  'group.notify': 'groupNotify',
  'group.moderate': 'groupModerate',
};

/** What the change was, in the user's language. */
export function opLabel(op: FailedMutation['op'], t: TFunction): string {
  // A record kept by an older version may name an op this build no longer has.
  return op in OP_LABEL_KEYS ? t(`postDetail.ops.${OP_LABEL_KEYS[op]}`) : t('failed.opOther');
}

/** Why it was refused, in the user's language (the server's code, translated by api-error.ts). */
export function refusalReason(failure: FailedMutation, t: TFunction): string {
  if (failure.isDependent) return t('syncFeedback.refused.dependent');
  // Only the error's own fields: the record also holds the request's body, which is not the error's.
  const { status, message, code, params, errors, fieldCodes } = failure;
  return bannerMessage({ status, message, code, params, errors, fieldCodes }, t, t('errors.status500'));
}

type FailedChangesProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function FailedChanges({ open, onOpenChange }: FailedChangesProps) {
  const { t } = useTranslation();
  const refused = useRefusedChanges();
  const [resending, setResending] = useState<TextDialogSpec | null>(null);
  useRefusalBanner(refused);
  const changes: FailedChange[] = (refused ?? []).map((failure) => ({
    id: failure.id,
    what: opLabel(failure.op, t),
    message: refusalReason(failure, t),
    failedAt: new Date(failure.failedAt).toISOString(),
    words: failure.words,
    canResend: failure.resend !== null,
    reference: failure.requestId ?? null,
  }));
  const resend = (id: number) => {
    const plan = refused?.find((failure) => failure.id === id)?.resend;
    if (!plan) return;
    // The list closes first: one dialog at a time, and focus goes to the composer.
    onOpenChange(false);
    setResending(resendSpec(plan, id, t, () => dismissFailure(id)));
  };
  return (
    <>
      <FailedChangesDialog
        open={open}
        onOpenChange={onOpenChange}
        changes={changes}
        onDiscard={(id) => void dismissFailure(id)}
        onResend={resend}
        onDismissAll={() => {
          void dismissAllFailures();
          onOpenChange(false);
        }}
      />
      <TextDialog spec={resending} onClose={() => setResending(null)} />
    </>
  );
}

/** Ends a reason with a full stop when the translation does not, so the banner reads as sentences. */
function asSentence(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** Shows the newest refusal once, when it arrives (not the ones already there at start). */
function useRefusalBanner(refused: RefusedChange[] | undefined) {
  const { t } = useTranslation();
  const banner = useBanner();
  const seenId = useRef<number | null>(null);
  useEffect(() => {
    if (!refused) return;
    const newestId = refused.reduce((max, failure) => Math.max(max, failure.id), 0);
    if (seenId.current !== null && newestId > seenId.current) {
      const newest = refused.find((failure) => failure.id === newestId);
      if (newest) {
        const values = { what: opLabel(newest.op, t), reason: asSentence(refusalReason(newest, t)) };
        const text = newest.words === null ? t('syncFeedback.refused.toast', values) : t('syncFeedback.refused.toastWords', values);
        banner.show({ kind: 'error', text });
      }
    }
    seenId.current = newestId;
  }, [banner, refused, t]);
}
