// The post actions menu of docs/product.md §4 wired to the commands, for the feed (-feed-post.tsx) and the
// post detail: what is offered comes from actionsMenu() exactly (own and unanswered: mark
// answered, edit, delete; own and answered: testimony edit/delete, edit, delete; others: report),
// and on someone else's signed post "Hide posts from this person" (issue #12, personActionsMenu),
// and "Share" where the link opens for others (issue #13 point 3, shareActionsMenu).
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useT } from '../i18n/use-t';
import { TEXT_LIMITS } from '../../common/constants';
import type { PostAction } from '../../common/contract';
import { actionsMenu, personActionsMenu, shareActionsMenu, type PersonAction, type ShareAction } from '../db/actions-menu';
import { useSession } from '../db/queries';
import type { ShownPost } from '../model/shown';
import { lazyCommand } from '../commands/lazy';
import { ActionsMenu } from '../components/actions-menu';
import { useSharePost } from '../components/share-post';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ReportDialog } from '../components/report-dialog';
import { TextDialog, type TextDialogSpec } from '../components/text-dialog';
import { changeTexts, reportTexts, useChangeToast } from './-change-toast';
import { reminderLabelOf, useRemindMe, type RemindAction } from './-reminder-actions';
import { draftTarget } from '../state/drafts';

const answerPost = lazyCommand('answerPost');
const deletePost = lazyCommand('deletePost');
const editPost = lazyCommand('editPost');
const hidePerson = lazyCommand('hidePerson');
const removeAnswer = lazyCommand('removeAnswer');
const reportPost = lazyCommand('reportPost');

type Confirming = 'deletePost' | 'deleteAnsweredPost' | null;
/** Issue #28 item 3: 'addUpdate' is the author's, beside the actions of docs/product.md §4. */
type MenuAction = PostAction | PersonAction | ShareAction | RemindAction | 'addUpdate';

/** The signed-in member or guest as the menus' viewer (null: anonymous visitor). */
export function useViewer(): { id: number } | null {
  const session = useSession();
  return session.user ? { id: session.user.id } : null;
}

/**
 * `onGone` runs once the post is deleted or reported here: it is then no longer shown to this person
 * (the detail goes back to where they came from; issue #49, review m4,
 * docs/decisions/0217-the-post-page-after-a-report-its-way-back-one-noun-in-its.md).
 */
export function usePostMenu(post: ShownPost, onGone?: () => void): { menu: ReactNode; dialogs: ReactNode } {
  const { t } = useT();
  const banner = useBanner();
  const viewer = useViewer();
  const [textSpec, setTextSpec] = useState<TextDialogSpec | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [isReporting, setReporting] = useState(false);
  const done = (text: string) => banner.show({ kind: 'success', text });
  const fail = (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) });
  // Issue #12: each change's banner says whether it is saved here and waiting, sending, or sent.
  const announce = useChangeToast();

  const sharing = useSharePost();
  // Issue #13 point 2: "Remind me to pray for this", for any signed-in member or guest.
  const remindMe = useRemindMe();

  const onSelect = (action: MenuAction) => {
    if (action === 'sharePost') sharing.share(post);
    else if (action === 'addUpdate') void import('../components/post-updates').then((m) => setTextSpec(m.updateDialogSpec(post.id, t, announce)), fail);
    else if (action === 'remindMe') remindMe.open({ kind: 'post', post_id: post.id }, reminderLabelOf(post.text));
    else if (action === 'hidePerson') hideAuthor();
    else if (action === 'deletePost' || action === 'deleteAnsweredPost') setConfirming(action);
    else if (action === 'reportPost') setReporting(true);
    else if (action === 'answeredPost' || action === 'editAnsweredPost' || action === 'editPost') setTextSpec(textSpecFor(action, post, t, announce));
  };
  const confirm = () => {
    const which = confirming;
    setConfirming(null);
    if (which === 'deletePost') {
      void announce(() => deletePost(post.id, { undoable: true }), changeTexts(t, 'postDeleted'), {}).then(() => onGone?.(), fail);
    } else if (which === 'deleteAnsweredPost') {
      void announce(() => removeAnswer(post.id), changeTexts(t, 'testimonyDeleted')).then(undefined, fail);
    }
  };

  const hideAuthor = () => {
    const { user } = post;
    if (user.id === null) return;
    const person = { id: user.id, username: user.username, name: user.name, avatar: user.avatar };
    void hidePerson(person).then(() => done(t('reporting.hiddenPerson', { name: user.name })), fail);
  };

  const actions = [
    ...actionsMenu(post, viewer).map((action) => ({ action, label: t(`postDetail.action.${action}`) })),
    ...(viewer && post.is_mine ? [{ action: 'addUpdate' as const, label: t('updates.card.addAction') }] : []),
    ...personActionsMenu(post, viewer).map((action) => ({ action, label: t(`reporting.${action}`) })),
    ...shareActionsMenu(post, viewer).map((action) => ({ action, label: t(`share.${action}`) })),
    ...(viewer ? [{ action: 'remindMe' as const, label: t('reminders.remind.action') }] : []),
  ];
  const menu = <ActionsMenu<MenuAction> label={t('postDetail.postMenu')} actions={actions} onSelect={onSelect} />;
  // Issue #14 point 3: a feed renders a menu per card, so a dialog mounts only while it is shown.
  const dialogs = (
    <>
      {textSpec !== null && <TextDialog spec={textSpec} onClose={() => setTextSpec(null)} />}
      {sharing.dialog}
      {remindMe.dialog}
      {isReporting && (
        <ReportDialog
          open
          draftTarget={draftTarget('report', 'post', post.id)}
          onClose={() => setReporting(false)}
          onSubmit={async (type, details) => {
            // Issue #12: the post leaves the feed at once; 'we will review it' only once the server has the report.
            const texts = reportTexts(t);
            const notAgain = t('reporting.notAgain');
            await announce(() => reportPost(post.id, type, details), {
              waiting: `${texts.waiting} ${notAgain}`,
              sending: `${texts.sending} ${notAgain}`,
              sent: t('reporting.reportedHidden'),
            });
            onGone?.();
          }}
        />
      )}
      {confirming !== null && (
        <ConfirmDialog open {...confirmTexts(confirming, t)} onConfirm={confirm} onCancel={() => setConfirming(null)} />
      )}
    </>
  );
  return { menu, dialogs };
}

type TextAction = 'answeredPost' | 'editAnsweredPost' | 'editPost';

type Announce = ReturnType<typeof useChangeToast>;

/** The confirmation's words, built when it opens. */
function confirmTexts(confirming: Exclude<Confirming, null>, t: TFunction): { title: string; description: string; confirmLabel: string; cancelLabel: string } {
  const testimony = confirming === 'deleteAnsweredPost';
  return {
    title: testimony ? t('postDetail.deleteTestimonyTitle') : t('postDetail.deletePostTitle'),
    description: testimony ? t('postDetail.deleteTestimonyText') : t('postDetail.deletePostText'),
    confirmLabel: t('postDetail.delete'),
    cancelLabel: t('postDetail.cancel'),
  };
}

/** The text dialog of `action`, built when it is chosen, not on every card's render. */
function textSpecFor(action: TextAction, post: ShownPost, t: TFunction, announce: Announce): TextDialogSpec {
  const max = TEXT_LIMITS.request;
  const specs: Record<TextAction, TextDialogSpec> = {
    answeredPost: {
      title: t('postDetail.answerTitle'),
      description: t('postDetail.answerDescription'),
      label: t('postDetail.answerLabel'),
      initialValue: '',
      draftTarget: draftTarget('testimony', post.id),
      max,
      emptyMessage: null,
      submitLabel: t('postDetail.answerSubmit'),
      onSubmit: async (text) => {
        await announce(() => answerPost(post.id, text), changeTexts(t, 'answered'));
      },
    },
    // docs/product.md §4 'edit testimony': the answer is sent again with the new text (post.answer).
    editAnsweredPost: {
      title: t('postDetail.editTestimonyTitle'),
      label: t('postDetail.editTestimonyLabel'),
      initialValue: post.answer_text ?? '',
      draftTarget: draftTarget('testimony', post.id),
      max,
      emptyMessage: t('postDetail.testimonyEmpty'),
      submitLabel: t('postDetail.save'),
      onSubmit: async (text) => {
        await announce(() => answerPost(post.id, text), changeTexts(t, 'testimonyEdited'));
      },
    },
    editPost: {
      title: t('postDetail.editPostTitle'),
      label: t('postDetail.editPostLabel'),
      initialValue: post.text,
      draftTarget: draftTarget('editPost', post.id),
      max,
      emptyMessage: t('postDetail.editPostEmpty'),
      submitLabel: t('postDetail.save'),
      onSubmit: async (text) => {
        // Nothing changed: nothing to save or send, so no banner.
        if (text !== post.text) await announce(() => editPost(post.id, { text }), changeTexts(t, 'postEdited'));
      },
    },
  };
  return specs[action];
}
