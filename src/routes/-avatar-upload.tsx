// The profile picture part of /settings/profile: a PNG, JPEG or WebP of at most 2 MB (docs/api.md
// POST user/avatar), checked here first so the member hears why at once, then uploaded. Image
// bytes need the network: offline the controls say so instead of failing.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../db/queries';
import { useSyncStatus } from '../state/sync-status';
import { checkAvatar, removeAvatar, uploadAvatar } from '../state';
import { formMessage } from '../components/api-error';
import { FormStatus } from '../components/auth-card';
import { ProfilePicture } from '../components/profile-picture';
import { ImagePickButton } from '../components/image-pick-button';

export function AvatarUpload() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { online } = useSyncStatus();
  const inputId = useId();
  const [status, setStatus] = useState<{ error: string | null; success: string | null }>({ error: null, success: null });
  const [isBusy, setBusy] = useState(false);
  if (!user) return null;

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    setStatus({ error: null, success: null });
    try {
      await action();
      setStatus({ error: null, success: done });
    } catch (err) {
      const status = typeof err === 'object' && err !== null && 'status' in err ? err.status : undefined;
      setStatus({ error: status === 413 ? t('accounts.avatar.tooBig') : formMessage(err, t, t('accounts.avatar.failed')), success: null });
    }
    setBusy(false);
  };

  const onFile = (file: File) => {
    const problem = checkAvatar(file);
    if (problem) return setStatus({ error: t(problem === 'size' ? 'accounts.avatar.tooBig' : 'accounts.avatar.wrongType'), success: null });
    void run(() => uploadAvatar(file), t('accounts.avatar.saved'));
  };

  return (
    <div className="avatar-upload">
      <ProfilePicture name={user.name} avatar={user.profile.avatar} size={96} />
      <div className="settings-stack">
        <ImagePickButton label={t('accounts.avatar.choose')} disabled={!online || isBusy} describedBy={`${inputId}-hint`} onFile={onFile} />
        <p id={`${inputId}-hint`} className="settings__hint">
          {online ? t('accounts.avatar.hint') : t('accounts.settings.offlineNote')}
        </p>
        {user.profile.avatar && (
          <button type="button" className="button button--quiet" disabled={!online || isBusy} onClick={() => void run(removeAvatar, t('accounts.avatar.removed'))}>
            {t('accounts.avatar.remove')}
          </button>
        )}
        <FormStatus error={status.error} success={status.success} />
      </div>
    </div>
  );
}
