// '/settings/reminders' (issue #13 point 2): Settings → Prayer reminders. A member or a guest
// (docs/decisions/0107-reminders-in-the-app.md: the route sits under the welcome check, not the
// settings layout's member-only check) lists their reminders, adds and edits them in a dialog,
// switches them on and off and deletes them; all local first through the outbox (offline too).
// The list is pulled from the server when the screen opens; offline it shows the local copy.
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReminderSessionSource } from '../../../common/reminders-contract';
import { deleteReminder, reminderSchedule, setReminder, setReminderEnabled } from '../../commands';
import { bannerMessage } from '../../components/api-error';
import { useBanner } from '../../components/banner-provider';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ReminderFormDialog, type ReminderChoice, type ReminderFormValues } from '../../components/reminder-form-dialog';
import { ReminderRow } from '../../components/reminder-row';
import { sourceLabel, targetLabel } from '../../components/reminder-texts';
import { useMyLists } from '../../db/list-queries';
import { useReminders } from '../../db/account-queries';
import { useSession } from '../../db/queries';
import type { ShownList } from '../../db/shown-lists';
import type { ShownReminder } from '../../db/reminders-reads';
import { pulls } from '../../sync/client';
import { changeTexts, useChangeToast } from '../-change-toast';
import { SettingsPage, SettingsSectionBox } from '../-settings-page';
import { askForNotifications, notificationReach, reachNote, type NotificationReach } from '../-reminder-actions';

export const Route = createFileRoute('/_private/settings/reminders')({ component: RemindersScreen });

const SESSION_SOURCES: ReminderSessionSource[] = [{ kind: 'quick' }, { kind: 'my-prayers' }, { kind: 'bookmarks' }, { kind: 'biblical' }];

function keyOf(source: ReminderSessionSource): string {
  return source.kind === 'list' ? `list:${source.list_id}` : source.kind;
}

function sourceOf(key: string): ReminderSessionSource {
  if (key.startsWith('list:')) return { kind: 'list', list_id: Number(key.slice(5)) };
  return SESSION_SOURCES.find((source) => source.kind === key) ?? { kind: 'quick' };
}

/** The form's choice that keeps a post's or item's reminder on what it is for. */
const KEEP = 'keep';

type Editing = { mode: 'add' } | { mode: 'edit'; reminder: ShownReminder };

function useChoices(lists: ShownList[]): ReminderChoice[] {
  const { t } = useTranslation();
  return [
    ...SESSION_SOURCES.map((source) => ({ key: keyOf(source), label: sourceLabel(source, t, '') })),
    ...lists.map((list) => ({ key: `list:${list.id}`, label: sourceLabel({ kind: 'list', list_id: list.id }, t, list.name) })),
  ];
}

function RemindersScreen() {
  const { t } = useTranslation();
  const reminders = useReminders();
  const lists = useMyLists() ?? [];
  const choices = useChoices(lists);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ShownReminder | null>(null);
  const [reach, setReach] = useState<NotificationReach>(() => notificationReach());
  const banner = useBanner();
  const announce = useChangeToast();
  const zone = reminderSchedule.deviceTimeZone();
  useEffect(() => {
    // Offline or refused: the local list stands.
    void pulls.reminders();
  }, []);

  const fail = (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('reminders.failed')) });
  const labelOf = (source: ReminderSessionSource) =>
    source.kind === 'list' ? (lists.find((list) => list.id === source.list_id)?.name ?? '') : sourceLabel(source, t, '');

  const save = async (values: ReminderFormValues) => {
    const previous = editing?.mode === 'edit' ? editing.reminder : null;
    // A post's or item's reminder keeps what it is for (KEEP) and its end date.
    const kept = values.choice === KEEP && previous ? previous : null;
    const source = sourceOf(values.choice);
    const input = {
      ...reminderSchedule.weeklySchedule(values.days, values.time, previous?.time_zone ?? zone),
      ends_on: kept?.ends_on ?? null,
      target: kept?.target ?? { kind: 'session' as const, source },
      enabled: previous?.enabled ?? true,
    };
    const label = kept?.label ?? labelOf(source);
    const asking = askForNotifications();
    await announce(() => setReminder({ ...(previous ? { id: previous.id } : {}), input, label }), changeTexts(t, 'reminderSaved'));
    setEditing(null);
    setReach(await asking);
  };

  const edited = editing?.mode === 'edit' ? editing.reminder : null;
  const initial: ReminderFormValues = edited
    ? { days: edited.days, time: edited.time, choice: edited.target.kind === 'session' ? keyOf(edited.target.source) : KEEP }
    : { days: [...reminderSchedule.ALL_DAYS], time: reminderSchedule.DEFAULT_REMINDER_TIME, choice: 'quick' };
  const formChoices = edited && edited.target.kind !== 'session' ? [{ key: KEEP, label: targetLabel(edited.target, edited.label, t) }, ...choices] : choices;
  const note = reachNote(reach, t);

  return (
    <RemindersFrame>
      {note && (
        <p className="reminder-note" role="status" data-testid="reminder-reach" data-reach={reach}>
          {note}
        </p>
      )}
      <SettingsSectionBox title={t('reminders.listLabel')}>
        {reminders === undefined ? null : reminders.length === 0 ? (
          <div className="settings-empty">
            <p className="settings-empty__title">{t('reminders.emptyTitle')}</p>
            <p>{t('reminders.emptyBody')}</p>
            <button type="button" className="button button--primary" onClick={() => setEditing({ mode: 'add' })}>
              {t('reminders.emptyAction')}
            </button>
          </div>
        ) : (
          <>
            <ul className="settings-stack" aria-label={t('reminders.listLabel')}>
              {reminders.map((reminder) => (
                <ReminderRow
                  key={reminder.id}
                  reminder={{ ...reminder, what: targetLabel(reminder.target, reminder.label, t) }}
                  onToggle={(enabled) =>
                    void announce(() => setReminderEnabled(reminder, enabled), changeTexts(t, enabled ? 'reminderOn' : 'reminderOff')).catch(fail)
                  }
                  onEdit={() => setEditing({ mode: 'edit', reminder })}
                  onDelete={() => setDeleting(reminder)}
                />
              ))}
            </ul>
            <button type="button" className="button button--primary" onClick={() => setEditing({ mode: 'add' })}>
              {t('reminders.add')}
            </button>
          </>
        )}
      </SettingsSectionBox>
      <ReminderFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        mode={editing?.mode ?? 'add'}
        initial={initial}
        choices={formChoices}
        timeZone={editing?.mode === 'edit' ? editing.reminder.time_zone : zone}
        onSubmit={save}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('reminders.deleteTitle')}
        description={deleting ? t('reminders.deleteBody', { what: targetLabel(deleting.target, deleting.label, t) }) : ''}
        confirmLabel={t('reminders.deleteConfirm')}
        cancelLabel={t('reminders.keep')}
        onConfirm={() => {
          const reminder = deleting;
          setDeleting(null);
          if (reminder) void announce(() => deleteReminder(reminder.id), changeTexts(t, 'reminderDeleted')).catch(fail);
        }}
        onCancel={() => setDeleting(null)}
      />
    </RemindersFrame>
  );
}

/** A member's settings frame (title, settings navigation); a guest, who has no other settings, gets the title alone. */
function RemindersFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.kind === 'member') {
    return (
      <SettingsPage section="reminders" lead={t('reminders.lead')}>
        {children}
      </SettingsPage>
    );
  }
  return (
    <div className="settings">
      <title>{`${t('reminders.title')} · ${t('app.name')}`}</title>
      <h1 className="settings__title">{t('reminders.title')}</h1>
      <p className="settings__lead">{t('reminders.lead')}</p>
      {children}
    </div>
  );
}
