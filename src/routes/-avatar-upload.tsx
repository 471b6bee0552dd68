// The profile picture part of /settings/profile: a PNG, JPEG or WebP of at most 2 MB (docs/api.md
// POST user/avatar), checked here first so the member hears why at once, then uploaded. Image
// bytes need the network: offline the controls say so instead of failing.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../db/queries';
import { useSyncStatus } from '../state/sync-status';
import { checkAvatar, removeAvatar, uploadAvatar } from '../state';
import { formMessage } from '../components/api-error';
import { FormStatus } from '../components/auth-card';
import { ProfilePicture } from '../components/profile-picture';
import { ImagePickButton } from '../components/image-pick-button';
import { useSubmit } from '../components/use-submit';

export function AvatarUpload() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { online } = useSyncStatus();
  const inputId = useId();
  const { error, setError, success, isBusy, run } = useSubmit((err) => {
    const status = typeof err === 'object' && err !== null && 'status' in err ? err.status : undefined;
    return status === 413 ? t('accounts.avatar.tooBig') : formMessage(err, t, t('accounts.avatar.failed'));
  });
  if (!user) return null;

  const onFile = (file: File) => {
    const problem = checkAvatar(file);
    if (problem) return setError(t(problem === 'size' ? 'accounts.avatar.tooBig' : 'accounts.avatar.wrongType'));
    void run(() => uploadAvatar(file).then(() => t('accounts.avatar.saved')));
  };
  const remove = () => void run(() => removeAvatar().then(() => t('accounts.avatar.removed')));

  return (
    <div className="avatar-upload">
      <ProfilePicture name={user.name} avatar={user.profile.avatar} size={96} />
      <div className="settings-stack">
        <ImagePickButton label={t('accounts.avatar.choose')} disabled={!online || isBusy} describedBy={`${inputId}-hint`} onFile={onFile} />
        <p id={`${inputId}-hint`} className="settings__hint">
          {online ? t('accounts.avatar.hint') : t('accounts.settings.offlineNote')}
        </p>
        {user.profile.avatar && (
          <button type="button" className="button button--quiet" disabled={!online || isBusy} onClick={remove}>
            {t('accounts.avatar.remove')}
          </button>
        )}
        <FormStatus error={error} success={success} />
      </div>
    </div>
  );
}
