// "Remind me to pray for this" on a post or list item (issue #13 point 2): every day for a few
// days, or every week on today's weekday, at a time (docs/decisions/0107-reminders-in-the-app.md).
// Presentational: the caller builds the schedule and runs the command in onSubmit.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { bannerMessage } from './api-error';
import { AppDialog } from './app-dialog';
import { FormStatus } from './auth-card';
import { TextField } from './text-field';
import { useSubmit } from './use-submit';
import { FormActions } from './form-actions';

/** 'weekly', or the number of days of "every day for N days". */
type RemindMeChoice = 'weekly' | number;
export type RemindMeValues = { choice: RemindMeChoice; time: string };

type RemindMeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "every day for N days" offered. */
  dailyChoices: readonly number[];
  /** Today's weekday, named in the interface language. */
  weekday: string;
  initialTime: string;
  /** Shown above the choices: notifications are blocked here (the reminder shows in Notifications only). */
  note: string | null;
  onSubmit: (values: RemindMeValues) => Promise<void>;
};

export function RemindMeDialog({ open, onOpenChange, dailyChoices, weekday, initialTime, note, onSubmit }: RemindMeDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('reminders.remind.title')} description={t('reminders.remind.description')}>
      {open && (
        <RemindMeForm dailyChoices={dailyChoices} weekday={weekday} initialTime={initialTime} note={note} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
      )}
    </AppDialog>
  );
}

type RemindMeFormProps = Omit<RemindMeDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void };

function RemindMeForm({ dailyChoices, weekday, initialTime, note, onSubmit, onCancel }: RemindMeFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RemindMeValues>({ choice: dailyChoices[1] ?? dailyChoices[0] ?? 'weekly', time: initialTime });
  const [timeError, setTimeError] = useState<string | null>(null);
  const { error, isBusy, run } = useSubmit((err) => bannerMessage(err, t, t('reminders.failed')));
  const options: { choice: RemindMeChoice; label: string }[] = [
    ...dailyChoices.map((count) => ({ choice: count, label: t('reminders.remind.daily', { count }) })),
    { choice: 'weekly', label: t('reminders.remind.weekly', { weekday }) },
  ];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.time === '') return setTimeError(t('reminders.form.timeRequired'));
    await run(() => onSubmit(values));
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {note && <p className="reminder-note">{note}</p>}
      <fieldset className="reminder-choices">
        <legend>{t('reminders.remind.how')}</legend>
        {options.map((option) => (
          <label key={String(option.choice)} className="reminder-choice">
            <input
              type="radio"
              name="remind-me-choice"
              checked={values.choice === option.choice}
              onChange={() => setValues({ ...values, choice: option.choice })}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('reminders.remind.time')}
        type="time"
        value={values.time}
        error={timeError ?? undefined}
        onChange={(event) => {
          setValues({ ...values, time: event.target.value });
          setTimeError(null);
        }}
      />
      <FormStatus error={error} />
      {/* The way to the whole list, for a guest too (the account menu links Settings for members only). */}
      <Link to="/settings/reminders" className="reminder-see-all">
        {t('reminders.seeAll')}
      </Link>
      <FormActions submit={t('reminders.remind.submit')} disabled={isBusy} cancel={{ label: t('reminders.remind.cancel'), onClick: onCancel }} />
    </form>
  );
}
