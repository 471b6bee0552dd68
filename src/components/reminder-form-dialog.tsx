// Add or edit a prayer reminder (issue #13 point 2; Settings → Prayer reminders): the days of the
// week as toggle buttons, a time, and what to pray through. Presentational: the screen passes the
// command through onSubmit, which resolves once the reminder is saved on this device.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';
import { FormStatus } from './auth-card';
import { weekdayNames } from './reminder-texts';
import { TextField } from './text-field';
import { bannerMessage } from './api-error';
import { useSubmit } from './use-submit';
import { FormActions } from './form-actions';

export type ReminderChoice = { key: string; label: string };
export type ReminderFormValues = { days: number[]; time: string; choice: string };

type ReminderFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  initial: ReminderFormValues;
  /** What the reminder may open (sessions, the viewer's lists). */
  choices: ReminderChoice[];
  timeZone: string;
  onSubmit: (values: ReminderFormValues) => Promise<void>;
};

export function ReminderFormDialog({ open, onOpenChange, mode, initial, choices, timeZone, onSubmit }: ReminderFormDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={mode === 'add' ? t('reminders.form.addTitle') : t('reminders.form.editTitle')} description={t('reminders.form.zone', { zone: timeZone })}>
      {open && <ReminderForm initial={initial} choices={choices} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />}
    </AppDialog>
  );
}

type ReminderFormProps = { initial: ReminderFormValues; choices: ReminderChoice[]; onSubmit: (values: ReminderFormValues) => Promise<void>; onCancel: () => void };

function ReminderForm({ initial, choices, onSubmit, onCancel }: ReminderFormProps) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const daysErrorId = useId();
  const [values, setValues] = useState(initial);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const { error, isBusy, run } = useSubmit((err) => bannerMessage(err, t, t('reminders.failed')));
  const names = weekdayNames(i18n.language);

  const toggleDay = (day: number) => {
    const days = values.days.includes(day) ? values.days.filter((d) => d !== day) : [...values.days, day];
    setValues({ ...values, days });
    setDaysError(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const noDays = values.days.length === 0;
    const noTime = values.time === '';
    setDaysError(noDays ? t('reminders.form.daysRequired') : null);
    setTimeError(noTime ? t('reminders.form.timeRequired') : null);
    if (noDays || noTime) return;
    await run(() => onSubmit(values));
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="reminder-days" aria-describedby={daysError ? daysErrorId : undefined}>
        <legend>{t('reminders.form.days')}</legend>
        <div className="reminder-days__buttons">
          {names.map((name, day) => (
            <button key={name} type="button" className="reminder-day" aria-pressed={values.days.includes(day)} onClick={() => toggleDay(day)}>
              {name}
            </button>
          ))}
        </div>
        {daysError && (
          <p id={daysErrorId} className="field__error">
            {daysError}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('reminders.form.time')}
        type="time"
        value={values.time}
        error={timeError ?? undefined}
        onChange={(event) => {
          setValues({ ...values, time: event.target.value });
          setTimeError(null);
        }}
      />
      <div className="field">
        <label htmlFor={selectId}>{t('reminders.form.what')}</label>
        <select id={selectId} className="reminder-select" value={values.choice} onChange={(event) => setValues({ ...values, choice: event.target.value })}>
          {choices.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <FormStatus error={error} />
      <FormActions submit={t('reminders.form.save')} disabled={isBusy} cancel={{ label: t('reminders.form.cancel'), onClick: onCancel }} />
    </form>
  );
}
