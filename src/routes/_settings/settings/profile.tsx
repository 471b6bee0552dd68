// '/settings/profile' (docs/product.md §2, §3 User): the picture, and the name, username (the {slug} of
// /profile/{slug}), nickname and whether the picture is shown to others. The text fields are a
// 'user.profile' command through the outbox (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol'), so an edit made offline is kept and sent once online; while it waits, the form shows
// it as pending. A refusal (a username already taken) comes back through the failed-changes list
// with the server's words.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { USERNAME_PATTERN } from '../../../../common/account-contract';
import { updateProfile } from '../../../commands';
import { usePendingProfileEdit } from '../../../db/account-queries';
import { useSession } from '../../../db/queries';
import { useSyncStatus } from '../../../state/sync-status';
import type { ProfileEditBody } from '../../../model/outbox-types';
import { FormStatus } from '../../../components/auth-card';
import { TextField } from '../../../components/text-field';
import { formText, useAuthForm } from '../../../components/use-auth-form';
import { AvatarUpload } from '../../-avatar-upload';
import { SettingsPage, SettingsSectionBox } from '../../-settings-page';

export const Route = createFileRoute('/_settings/settings/profile')({ component: ProfileSettingsScreen });

function ProfileSettingsScreen() {
  const { t } = useTranslation();
  return (
    <SettingsPage section="profile" lead={t('accounts.settings.profileLead')}>
      <SettingsSectionBox title={t('accounts.avatar.title')}>
        <AvatarUpload />
      </SettingsSectionBox>
      <SettingsSectionBox title={t('accounts.profile.title')}>
        <ProfileForm />
      </SettingsSectionBox>
    </SettingsPage>
  );
}

/** Only what the member changed goes out: a username the server made (it may hold a '-') is never re-checked. */
function changedFields(data: FormData, shown: ProfileEditBody): ProfileEditBody {
  const next: ProfileEditBody = {
    name: formText(data, 'name').trim(),
    username: formText(data, 'username').trim().toLowerCase(),
    nickname: formText(data, 'nickname').trim(),
    img_show: data.get('img_show') === 'on',
  };
  const change: ProfileEditBody = {};
  if (next.name !== shown.name) change.name = next.name;
  if (next.username !== shown.username) change.username = next.username;
  if (next.nickname !== (shown.nickname ?? '')) change.nickname = next.nickname;
  if (next.img_show !== shown.img_show) change.img_show = next.img_show;
  return change;
}

function ProfileForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  const pending = usePendingProfileEdit();
  const { online } = useSyncStatus();
  // Shown = the server's profile with the unsent edit on top.
  const shown: ProfileEditBody = user ? { name: user.name, username: user.username, nickname: user.nickname ?? '', img_show: user.profile.img_show, ...pending } : {};
  const form = useAuthForm(
    async (data) => {
      const change = changedFields(data, shown);
      if (Object.keys(change).length === 0) return t('accounts.profile.unchanged');
      await updateProfile(change);
      return online ? t('accounts.profile.saved') : t('accounts.profile.savedOffline');
    },
    {
      validate: (data) => {
        const change = changedFields(data, shown);
        const problems: Record<string, string> = {};
        if (change.name !== undefined && (change.name.length < 1 || change.name.length > 100)) problems.name = t('accounts.rules.name');
        if (change.username !== undefined && !USERNAME_PATTERN.test(change.username)) problems.username = t('accounts.rules.username');
        if (typeof change.nickname === 'string' && change.nickname.length > 50) problems.nickname = t('accounts.rules.nickname');
        return problems;
      },
    },
  );
  if (user === null) return null;
  return (
    // The key remounts the fields when what is shown changes (an ack, or an edit from another tab).
    <form className="form" onSubmit={form.onSubmit} noValidate key={JSON.stringify(shown)}>
      {pending && (
        <p className="settings__pending" role="status">
          {t('accounts.profile.pending')}
        </p>
      )}
      <TextField label={t('auth.name')} name="name" autoComplete="name" required defaultValue={shown.name} error={form.fieldErrors.name} />
      <TextField
        label={t('accounts.profile.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        required
        defaultValue={shown.username}
        error={form.fieldErrors.username}
      />
      <TextField label={t('accounts.profile.nickname')} name="nickname" defaultValue={shown.nickname ?? ''} error={form.fieldErrors.nickname} />
      <label className="checkbox">
        <input type="checkbox" name="img_show" defaultChecked={shown.img_show} />
        {t('accounts.profile.imgShow')}
      </label>
      <FormStatus error={form.error} success={form.success} />
      <div className="form__actions">
        <Link to="/profile/$slug" params={{ slug: user.username }} className="button button--quiet">
          {t('accounts.settings.viewPublicProfile')}
        </Link>
        <button type="submit" className="button button--primary" disabled={form.isBusy}>
          {t('accounts.profile.submit')}
        </button>
      </div>
    </form>
  );
}
