// Issue #28 item 3: a request's updates on its card, oldest first and dated ("Update · 2 days ago:
// Surgery went well"), compact; one written here and not yet sent is dimmed (its id is still
// temporary). The author may remove one after a confirmation: gone at once, sent by the outbox (the
// card says it waits). And "Add an update" from the post's menu, in the app's text dialog. Loaded
// when a card first has updates to show (post-card.tsx) or the action is chosen (-post-menu.tsx),
// not in the first load (docs/decisions/0195-updates-of-a-request.md); the words of both come with
// the commands (src/i18n/locales/areas/updates.ts 'later'), the field's label is the card's
// "Update".
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { TEXT_LIMITS } from '../../common/constants';
import type { ApiPostUpdate } from '../../common/contract';
import { lazyCommand } from '../commands/lazy';
import { useT } from '../i18n/use-t';
import { bannerMessage } from './api-error';
import { useBanner } from './banner-provider';
import { ConfirmDialog } from './confirm-dialog';
import { RelativeTime } from './relative-time';
import type { TextDialogSpec } from './text-dialog';
import { draftTarget } from '../state/drafts';
// Its words are later texts: added before this module's dialog or card can use them (issue #49 major 1).
import '../i18n/later-texts';

const addUpdate = lazyCommand('addUpdate');
const deleteUpdate = lazyCommand('deleteUpdate');

/** What the change banner needs (src/routes/-change-toast.ts useChangeToast). */
type Announce = (run: () => Promise<unknown>, texts: { waiting: string; sending: string; sent: string }) => Promise<unknown>;

/** The dialog of "Add an update"; what is typed is kept as a draft until it is posted. */
export function updateDialogSpec(postId: number, t: TFunction, announce: Announce): TextDialogSpec {
  const said = (delivery: 'waiting' | 'sending' | 'sent') => t(`updates.later.added.${delivery}`);
  return {
    title: t('updates.card.addAction'),
    description: t('updates.later.description'),
    label: t('updates.card.label'),
    initialValue: '',
    draftTarget: draftTarget('update', postId),
    max: TEXT_LIMITS.update,
    emptyMessage: t('updates.later.empty'),
    submitLabel: t('updates.later.submit'),
    onSubmit: async (text) => {
      await announce(() => addUpdate(postId, text), { waiting: said('waiting'), sending: said('sending'), sent: said('sent') });
    },
  };
}

/** `removableOf`: the post's id when the viewer wrote it. */
export type PostUpdatesProps = { updates: ApiPostUpdate[]; removableOf?: number | undefined };

export default function PostUpdates({ updates, removableOf }: PostUpdatesProps) {
  const { t } = useT();
  const banner = useBanner();
  const [removing, setRemoving] = useState<number | null>(null);
  const close = () => setRemoving(null);
  const remove = (postId: number, updateId: number) => {
    close();
    deleteUpdate(postId, updateId).catch((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) }));
  };
  return (
    <>
      <ol className="post-updates">
        {updates.map((update) => (
          <li key={update.id} className={update.id < 0 ? 'post-update post-update--pending' : 'post-update'}>
            <span className="post-update__when">
              {t('updates.card.label')} · <RelativeTime iso={update.created_at} />:
            </span>{' '}
            {update.text}
            {removableOf !== undefined && (
              <button type="button" className="post-update__remove" aria-label={t('updates.later.remove')} onClick={() => setRemoving(update.id)}>
                ×
              </button>
            )}
          </li>
        ))}
      </ol>
      {removing !== null && removableOf !== undefined && (
        <ConfirmDialog
          open
          title={t('updates.later.removeTitle')}
          description={t('updates.later.removeText')}
          confirmLabel={t('updates.later.removeConfirm')}
          cancelLabel={t('updates.later.cancel')}
          onConfirm={() => remove(removableOf, removing)}
          onCancel={close}
        />
      )}
    </>
  );
}
