// One prayer reminder in Settings → Prayer reminders (issue #13 point 2): what it opens, its days
// and time, the next time, whether it waits to be sent, an on/off switch, edit and delete.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWhen, scheduleLabel } from './reminder-texts';

export type ReminderRowData = {
  what: string;
  days: number[];
  time: string;
  ends_on: string | null;
  enabled: boolean;
  nextAt: number | null;
  isWaiting: boolean;
};

type ReminderRowProps = { reminder: ReminderRowData; onToggle: (enabled: boolean) => void; onEdit: () => void; onDelete: () => void };

export function ReminderRow({ reminder, onToggle, onEdit, onDelete }: ReminderRowProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { what, enabled, nextAt, isWaiting } = reminder;
  return (
    <li className={`settings-row reminder${enabled ? '' : ' reminder--off'}`} data-testid="reminder" aria-labelledby={titleId}>
      <div className="reminder__body">
        <p className="reminder__what" id={titleId}>
          {what}
        </p>
        <p className="reminder__when">{scheduleLabel(reminder, t, i18n.language)}</p>
        <p className="reminder__next">{nextAt === null ? t('reminders.noNext') : t('reminders.next', { when: formatWhen(nextAt, i18n.language) })}</p>
        {isWaiting && <p className="reminder__waiting">{t('reminders.waiting')}</p>}
      </div>
      <div className="reminder__actions">
        <button type="button" role="switch" aria-checked={enabled} aria-describedby={titleId} className="reminder-switch" onClick={() => onToggle(!enabled)}>
          <span className="reminder-switch__track" aria-hidden="true" />
          <span>{t('reminders.active')}</span>
        </button>
        <button type="button" className="button button--secondary" aria-describedby={titleId} onClick={onEdit}>
          {t('reminders.edit')}
        </button>
        <button type="button" className="button button--secondary" aria-describedby={titleId} onClick={onDelete}>
          {t('reminders.delete')}
        </button>
      </div>
    </li>
  );
}
