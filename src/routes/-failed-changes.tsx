// Wires the refused-changes list to the local database: a banner for each new refusal (SPEC §5
// wording) and the dialog listing them. Not a route (the '-' prefix keeps the router out).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailedMutations, type FailedMutation } from '../db/queries';
import { dismissAllFailures } from '../commands';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { FailedChangesDialog, type FailedChange } from '../components/failed-changes-dialog';
import type { postDetailTexts } from '../i18n/locales/areas/post-detail';

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
  'comment.create': 'commentCreate',
  'comment.edit': 'commentEdit',
  'comment.delete': 'commentDelete',
  'comment.like': 'commentLike',
  'comment.report': 'commentReport',
  'note.create': 'noteCreate',
  'note.edit': 'noteEdit',
  'note.delete': 'noteDelete',
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
};

type FailedChangesProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function FailedChanges({ open, onOpenChange }: FailedChangesProps) {
  const { t } = useTranslation();
  const failures = useFailedMutations();
  useRefusalBanner(failures);
  const changes: FailedChange[] = (failures ?? []).map((failure) => ({
    id: failure.id,
    // A record kept by an older version may name an op this build no longer has.
    what: failure.op in OP_LABEL_KEYS ? t(`postDetail.ops.${OP_LABEL_KEYS[failure.op]}`) : t('failed.opOther'),
    message: bannerMessage(failure, t, t('errors.status500')),
    failedAt: new Date(failure.failedAt).toISOString(),
  }));
  return (
    <FailedChangesDialog
      open={open}
      onOpenChange={onOpenChange}
      changes={changes}
      onDismissAll={() => {
        void dismissAllFailures();
        onOpenChange(false);
      }}
    />
  );
}

/** Shows the newest refusal once, when it arrives (not the ones already there at start). */
function useRefusalBanner(failures: FailedMutation[] | undefined) {
  const { t } = useTranslation();
  const banner = useBanner();
  const seenId = useRef<number | null>(null);
  useEffect(() => {
    if (!failures) return;
    const newestId = failures.reduce((max, failure) => Math.max(max, failure.id), 0);
    if (seenId.current !== null && newestId > seenId.current) {
      const newest = failures.find((failure) => failure.id === newestId);
      if (newest) banner.show({ kind: 'error', text: bannerMessage(newest, t, t('errors.status500')) });
    }
    seenId.current = newestId;
  }, [banner, failures, t]);
}
