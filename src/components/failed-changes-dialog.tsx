// The list of changes the server refused (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol': a refused entry is rolled back and kept in a list the user can see), opened from the
// sync indicator's "N refused" button. Issue #12: a refusal keeps the user's words: each change
// shows what was written and why it was refused, and offers to copy the words, edit and send them
// again, or discard the record.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';
import { RelativeTime } from './relative-time';

export type FailedChange = {
  id: number;
  what: string;
  /** Why it was refused, in the user's language. */
  message: string;
  failedAt: string;
  /** The words the user wrote (null: the change had none, e.g. a prayer). */
  words: string | null;
  /** The words can go again through the normal command (what they were for still exists). */
  canResend: boolean;
  /** The refusing answer's request id, for a member's report (issue #27 item 3); null: none kept. */
  reference: string | null;
};

type FailedChangesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  changes: FailedChange[];
  onDismissAll: () => void;
  onDiscard: (id: number) => void;
  onResend: (id: number) => void;
};

/** The module's default export, for deferredDialog (src/routes/-failed-changes.tsx): this dialog is not in the first load. */
export default FailedChangesDialog;

export function FailedChangesDialog({ open, onOpenChange, changes, onDismissAll, onDiscard, onResend }: FailedChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('failed.title')} description={t('syncFeedback.refused.description')}>
      <RefusedList changes={changes} onDiscard={onDiscard} onResend={onResend} />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onDismissAll} disabled={changes.length === 0}>
          {t('failed.dismissAll')}
        </button>
      </div>
    </AppDialog>
  );
}

/** The request id of the answer that refused a change, for a member's report (docs/api.md 'Conventions'). */
export function RefusalReference({ id }: { id: string }) {
  const { t } = useTranslation();
  return <p className="failed-list__reference">{t('failed.reference', { id })}</p>;
}

type RefusedListProps = { changes: FailedChange[]; onDiscard: (id: number) => void; onResend: (id: number) => void };

/** The refused changes themselves (outside the dialog's portal, so a test can render it). */
function RefusedList({ changes, onDiscard, onResend }: RefusedListProps) {
  const { t } = useTranslation();
  if (changes.length === 0) return <p className="feed__note">{t('failed.empty')}</p>;
  return (
    <ul className="failed-list">
      {changes.map((change) => (
        <li key={change.id} className="failed-list__item">
          <p className="failed-list__what">
            {change.what} · <RelativeTime iso={change.failedAt} />
          </p>
          <p className="failed-list__message">{change.message}</p>
          {change.reference !== null && <RefusalReference id={change.reference} />}
          {change.words !== null && <WrittenWords words={change.words} />}
          <div className="failed-list__actions">
            {change.words !== null && <CopyButton words={change.words} />}
            {change.canResend && (
              <button type="button" className="button button--primary" onClick={() => onResend(change.id)}>
                {t('syncFeedback.refused.resend')}
              </button>
            )}
            <button type="button" className="button button--quiet" onClick={() => onDiscard(change.id)}>
              {t('syncFeedback.refused.discard')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The words as written, line breaks kept, under a label a screen reader announces with them. */
export function WrittenWords({ words, label }: { words: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <figure className="written-words">
      <figcaption className="written-words__label">{label ?? t('syncFeedback.refused.youWrote')}</figcaption>
      <blockquote className="written-words__text">{words}</blockquote>
    </figure>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

function CopyButton({ words }: { words: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(words);
      setState('copied');
    } catch {
      // No clipboard permission (or no secure context): the words stay selectable on screen.
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        {t('syncFeedback.refused.copy')}
      </button>
      <span role="status" className="failed-list__copied">
        {state === 'copied' ? t('syncFeedback.refused.copied') : state === 'failed' ? t('syncFeedback.refused.copyFailed') : ''}
      </span>
    </>
  );
}
