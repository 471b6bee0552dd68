// Issue #12 'honest feedback': the success banner of a change says what happened to it, and keeps
// saying it as that changes: saved on this device and waiting (offline), saved here and being sent
// (online), then sent once the server acknowledged it. A refusal is announced by the refused-list
// banner (./-failed-changes.tsx), which replaces this one. A command that queued nothing (deleting
// what never left the device) shows its local text. Not a route (the '-' prefix keeps the router out).
import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { commitMark, keysCommittedSince } from '../commands/commit-marks';
import { watchDelivery, type Delivery } from '../db/change-reads';
import { useBanner } from '../components/banner-provider';
import { UNDO_BANNER_MS } from '../../common/constants';
import { lazyCommand } from '../commands/lazy';

export type ChangeTexts = {
  /** Offline: saved on this device, sent when back online. */
  waiting: string;
  /** Online: saved here, on its way. */
  sending: string;
  /** Acknowledged by the server. */
  sent: string;
  /** Nothing had to be sent (settled on this device alone); defaults to `sent`. */
  local?: string;
};

// Loaded with the other commands (src/commands/lazy.ts): the first screen does not carry them.
const undoChange = lazyCommand('undoChange');
const releaseHold = lazyCommand('releaseHold');

/** The nouns the change toasts speak of; each language's catalogue gives their grammatical gender (syncFeedback.gender). */
export type ToastNoun = 'request' | 'post' | 'testimony' | 'list' | 'prayer' | 'comment' | 'note' | 'reminder' | 'setting' | 'name';

/**
 * Every change toast: the action's text and the noun it is about, so the line saying where the
 * change stands agrees with it in Portuguese and Spanish ("Lista criada. Salva neste aparelho.";
 * issue #26 point 4, tests/ui/toast-genders.test.ts reads every entry in both languages).
 */
export const CHANGE_TOASTS = {
  // Issue #49 (review m10): the post menu, its dialogs and toasts say "post", whatever its kind
  // (docs/decisions/0217-the-post-page-after-a-report-its-way-back-one-noun-in-its.md).
  postDeleted: { text: 'postDetail.deleted', noun: 'post' },
  postEdited: { text: 'syncFeedback.action.postEdited', noun: 'post' },
  answered: { text: 'postDetail.answered', noun: 'request' },
  testimonyEdited: { text: 'syncFeedback.action.testimonyEdited', noun: 'testimony' },
  testimonyDeleted: { text: 'postDetail.testimonyDeleted', noun: 'testimony' },
  listCreated: { text: 'lists.list.created', noun: 'list' },
  listUpdated: { text: 'syncFeedback.action.listUpdated', noun: 'list' },
  listDeleted: { text: 'lists.list.deleted', noun: 'list' },
  itemAdded: { text: 'lists.item.added', noun: 'prayer' },
  itemUpdated: { text: 'syncFeedback.action.itemUpdated', noun: 'prayer' },
  itemArchived: { text: 'lists.item.archivedDone', noun: 'prayer' },
  itemRestored: { text: 'lists.item.restored', noun: 'prayer' },
  itemDeleted: { text: 'lists.item.deleted', noun: 'prayer' },
  commentAdded: { text: 'syncFeedback.action.commentAdded', noun: 'comment' },
  noteAdded: { text: 'syncFeedback.action.noteAdded', noun: 'note' },
  reminderSet: { text: 'reminders.remind.done', noun: 'reminder' },
  reminderSaved: { text: 'reminders.saved', noun: 'reminder' },
  reminderDeleted: { text: 'reminders.deleted', noun: 'reminder' },
  reminderOn: { text: 'reminders.switchedOn', noun: 'reminder' },
  reminderOff: { text: 'reminders.switchedOff', noun: 'reminder' },
  sessionSize: { text: 'prayer.pray.sizeSaved', noun: 'setting' },
  nameSaved: { text: 'account.nameSaved', noun: 'name' },
} as const satisfies Record<string, { text: string; noun: ToastNoun }>;

export type ChangeToast = keyof typeof CHANGE_TOASTS;

/** The texts of `toast`: its action ("Prayer added.") followed by where the change stands, in the noun's gender. */
export function changeTexts(t: TFunction, toast: ChangeToast, params: Record<string, unknown> = {}): ChangeTexts {
  const { text, noun } = CHANGE_TOASTS[toast];
  const action = t(text, params);
  const gender = t(`syncFeedback.gender.${noun}`) === 'f' ? 'f' : 'm';
  return {
    waiting: `${action} ${t(`syncFeedback.delivery.${gender}.waiting`)}`,
    sending: `${action} ${t(`syncFeedback.delivery.${gender}.sending`)}`,
    sent: `${action} ${t(`syncFeedback.delivery.${gender}.sent`)}`,
    local: action,
  };
}

/** A report: thanked at once, but 'we will review it' only once the server has it. */
export function reportTexts(t: TFunction): ChangeTexts {
  return { waiting: t('syncFeedback.report.waiting'), sending: t('syncFeedback.report.sending'), sent: t('syncFeedback.report.sent') };
}

/**
 * A new post's texts: 'Shared' once the server has it (issue #12); a post in a group names the group
 * it was shared with, not the community (issue #49, review m1).
 */
export function postTexts(t: TFunction, groupName: string | undefined): ChangeTexts {
  if (groupName === undefined) return { waiting: t('syncFeedback.post.waiting'), sending: t('syncFeedback.post.sending'), sent: t('syncFeedback.post.sent') };
  const group = { group: groupName };
  return { waiting: t('groups.screens.postToast.waiting', group), sending: t('groups.screens.postToast.sending', group), sent: t('groups.screens.postToast.sent', group) };
}

/** The text for a delivery state and the connection; null once refused (the refusal banner speaks). */
export function changeText(texts: ChangeTexts, delivery: Delivery, isOnline: boolean): string | null {
  if (delivery === 'refused') return null;
  if (delivery === 'sent') return texts.sent;
  return isOnline ? texts.sending : texts.waiting;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * A change that may be undone (issue #26 point 6): its command held its entry (src/commands/undo.ts),
 * and `revert` is what undoes it once sent, if anything can (an archive's restore).
 */
export type UndoSpec = { revert?: () => Promise<unknown> };

type Announce = <T>(run: () => Promise<T>, texts: ChangeTexts, undo?: UndoSpec) => Promise<T>;

/**
 * `announce(run, texts, undo?)`: runs the command, then shows its banner and follows the entries it
 * queued until they are sent or refused, or the banner goes. With `undo`, the banner offers Undo
 * instead, and its going releases the held entry. Rejections of `run` pass through (the caller
 * shows them as before).
 */
export function useChangeToast(): Announce {
  const banner = useBanner();
  const { t } = useTranslation();
  return useCallback<Announce>(
    async <T,>(run: () => Promise<T>, texts: ChangeTexts, undo?: UndoSpec): Promise<T> => {
      const mark = commitMark();
      const result = await run();
      const keys = keysCommittedSince(mark);
      const [only] = keys;
      if (keys.length === 0) {
        banner.show({ kind: 'success', text: texts.local ?? texts.sent });
        return result;
      }
      if (undo && only !== undefined && keys.length === 1) {
        let undone = false;
        const undoIt = () => {
          undone = true;
          void undoChange(only, undo.revert).then(
            (outcome) => banner.show(outcome === 'too-late' ? { kind: 'error', text: t('syncFeedback.undo.late') } : { kind: 'success', text: t('syncFeedback.undo.done') }),
            (err: unknown) => banner.show({ kind: 'error', text: err instanceof Error ? err.message : t('syncFeedback.undo.late') }),
          );
        };
        banner.show({
          kind: 'success',
          text: isOnline() ? (texts.local ?? texts.sending) : texts.waiting,
          hideAfterMs: UNDO_BANNER_MS,
          action: { label: t('syncFeedback.undo.action'), run: undoIt },
          onGone: () => {
            if (!undone) void releaseHold(only);
          },
        });
        return result;
      }
      let delivery: Delivery = 'queued';
      const cleanups: (() => void)[] = [];
      const stop = () => {
        for (const cleanup of cleanups.splice(0)) cleanup();
      };
      const id = banner.show({ kind: 'success', text: changeText(texts, delivery, isOnline()) ?? texts.sending, onGone: stop });
      const refresh = () => {
        const text = changeText(texts, delivery, isOnline());
        if (text === null || !banner.update(id, { text }) || delivery === 'sent') stop();
      };
      window.addEventListener('online', refresh);
      window.addEventListener('offline', refresh);
      cleanups.push(
        () => window.removeEventListener('online', refresh),
        () => window.removeEventListener('offline', refresh),
        watchDelivery(keys, (next) => {
          delivery = next;
          refresh();
        }),
      );
      return result;
    },
    [banner, t],
  );
}
