// Issue #28 item 6 (docs/product.md §11 'Notifications'): which of a group's new posts notify me,
// all, prayer requests only, or none: three radios in a fieldset (its legend names the choice for
// screen readers). A choice is saved here at once ('group.notify' through the outbox) and shown
// from the group's row; while it waits for the server a short line says so, then "Saved" once the
// server has it, and a refusal shows the server's choice again with a line that says it was not
// saved (the refused list names it; issue #49 major 2). Its words come with the commands'
// texts (src/i18n/later-paths.ts): this control loads them itself in case it is the first screen.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NOTIFY_LEVELS, type GroupNotifyLevel } from '../../common/group-contract';
import { loadCommands } from '../commands/lazy';
import { readGroupNotify } from '../db/group-notify-reads';
import { useLiveRead } from '../db/live-read';
import { FormStatus } from './auth-card';

export function GroupNotifySetting({ groupId }: { groupId: number }) {
  const { i18n } = useTranslation();
  const setting = useLiveRead(() => readGroupNotify(groupId), [groupId]);
  const [failed, setFailed] = useState(false);
  // The choice made on this screen, to answer it: "Saved" or not (null: none made here yet).
  const [chosen, setChosen] = useState<GroupNotifyLevel | null>(null);
  const ready = i18n.exists('groupNotify.setting.legend');
  useEffect(() => {
    // The texts' chunk is the one the app loads when idle (src/main.tsx); asked here too, it is the same module.
    if (!ready) void import('../i18n/later-texts').catch(() => undefined);
  }, [ready]);
  if (!setting || !ready) return null;
  const choose = (level: GroupNotifyLevel) => {
    setFailed(false);
    setChosen(level);
    void loadCommands()
      .then((commands) => commands.setGroupNotify(groupId, level))
      .catch((error: unknown) => {
        console.warn('group notification setting not saved', error);
        setFailed(true);
      });
  };
  return <GroupNotifyChoice level={setting.level} pending={setting.pending} failed={failed} chosen={chosen} onChoose={choose} />;
}

/** `chosen`: the level chosen on this screen, if any (its answer is shown once it is no longer waiting). */
type ChoiceProps = { level: GroupNotifyLevel; pending: boolean; failed: boolean; chosen?: GroupNotifyLevel | null; onChoose: (level: GroupNotifyLevel) => void };

/** What the status line says: waiting, saved, or refused (the server's choice came back). */
function answerOf(level: GroupNotifyLevel, pending: boolean, chosen: GroupNotifyLevel | null): 'saving' | 'saved' | 'refused' | null {
  if (pending) return 'saving';
  if (chosen === null) return null;
  return chosen === level ? 'saved' : 'refused';
}

/** The control itself, as the setting reads it (exported for tests/ui/group-notify-setting.test.tsx). */
export function GroupNotifyChoice({ level, pending, failed, chosen = null, onChoose }: ChoiceProps) {
  const { t } = useTranslation();
  const name = useId();
  const answer = answerOf(level, pending, chosen);
  return (
    <fieldset className="group-notify-setting" data-testid="group-notify-setting" aria-describedby={`${name}-hint`}>
      <legend>{t('groupNotify.setting.legend')}</legend>
      {GROUP_NOTIFY_LEVELS.map((option) => (
        <label key={option} className="checkbox">
          <input type="radio" name={name} value={option} checked={level === option} onChange={() => onChoose(option)} />
          {t(`groupNotify.setting.${option}`)}
        </label>
      ))}
      <p id={`${name}-hint`} className="group-notify-setting__hint">{t('groupNotify.setting.hint')}</p>
      <p className="group-notify-setting__hint" role="status">
        {answer === 'saving' || answer === 'saved' ? t(`groupNotify.setting.${answer}`) : ''}
      </p>
      <FormStatus error={failed ? t('apiErrors.generic') : answer === 'refused' ? t('groupNotify.setting.refused') : null} />
    </fieldset>
  );
}
