// Issue #12 'honest feedback': the success banner of a change says what happened to it, and keeps
// saying it as that changes: saved on this device and waiting (offline), saved here and being sent
// (online), then sent once the server acknowledged it. A refusal is announced by the refused-list
// banner (./-failed-changes.tsx), which replaces this one. A command that queued nothing (deleting
// what never left the device) shows its local text. Not a route (the '-' prefix keeps the router out).
import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { commitMark, keysCommittedSince } from '../commands/commit-marks';
import { watchDelivery, type Delivery } from '../db/change-reads';
import { useBanner } from '../components/banner-provider';

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

/** The nouns the change toasts speak of; each language's catalogue gives their grammatical gender (syncFeedback.gender). */
export type ToastNoun = 'request' | 'testimony' | 'list' | 'prayer' | 'comment' | 'note' | 'reminder' | 'setting' | 'name';

/**
 * Every change toast: the action's text and the noun it is about, so the line saying where the
 * change stands agrees with it in Portuguese and Spanish ("Lista criada. Salva neste aparelho.";
 * issue #26 point 4, tests/ui/toast-genders.test.ts reads every entry in both languages).
 */
export const CHANGE_TOASTS = {
  requestDeleted: { text: 'postDetail.deleted', noun: 'request' },
  requestEdited: { text: 'syncFeedback.action.requestEdited', noun: 'request' },
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
 * `announce(run, texts)`: runs the command, then shows its banner and follows the entries it
 * queued until they are sent or refused, or the banner goes. Rejections of `run` pass through
 * (the caller shows them as before).
 */
export function useChangeToast(): <T>(run: () => Promise<T>, texts: ChangeTexts) => Promise<T> {
  const banner = useBanner();
  return useCallback(
    async <T,>(run: () => Promise<T>, texts: ChangeTexts): Promise<T> => {
      const mark = commitMark();
      const result = await run();
      const keys = keysCommittedSince(mark);
      if (keys.length === 0) {
        banner.show({ kind: 'success', text: texts.local ?? texts.sent });
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
    [banner],
  );
}
