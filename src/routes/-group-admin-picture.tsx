// The group's picture on its settings screen (issue #28 item 1; docs/product.md §11 'Limits'): an
// admin changes or removes it. Image bytes need the network, as the profile picture's do
// (./-avatar-upload.tsx): online only, and only once the group is on the server; the file is checked
// here first (PNG, JPEG or WebP, at most 2 MB) so the admin hears why at once. The answer's group
// replaces its row, so the new picture shows on every screen. Not a route (the '-' prefix).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownGroup } from '../db/group-reads';
import { useSyncStatus } from '../state/sync-status';
import { answerRefusal, fileRefusal, removeGroupPicture, uploadGroupPicture } from '../sync/group-picture-client';
import { formMessage } from '../components/api-error';
import { FormStatus } from '../components/auth-card';
import { GroupPicture } from '../components/group-picture';
import { ImagePickButton } from '../components/image-pick-button';
import { useSubmit } from '../components/use-submit';

export function GroupPictureSetting({ group, online }: { group: ShownGroup; online: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { error, setError, success, isBusy, run } = useSubmit((err) => {
    const refusal = answerRefusal(err);
    return refusal ? t(`groups.admin.picture.${refusal}`) : formMessage(err, t, t('groups.admin.picture.failed'));
  });
  const onServer = group.id > 0 && !group.isPending;
  const usable = online && onServer && !isBusy;

  const onFile = (file: File) => {
    const refusal = fileRefusal(file);
    if (refusal) return setError(t(`groups.admin.picture.${refusal}`));
    void run(() => uploadGroupPicture(group.id, file).then(() => t('groups.admin.picture.saved')));
  };
  const remove = () => void run(() => removeGroupPicture(group.id).then(() => t('groups.admin.picture.removed')));

  const note = !onServer ? t('groups.admin.picture.notYet') : !online ? t('groups.admin.picture.offline') : t('groups.admin.picture.hint');
  return (
    <section className="group-admin__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="lists__subheading">
        {t('groups.admin.picture.heading')}
      </h2>
      <div className="group-identity">
        <GroupPicture name={group.name} picture={group.picture} size={72} />
        <div className="group-admin__picture-actions">
          <ImagePickButton label={t('groups.admin.picture.change')} disabled={!usable} describedBy={`${headingId}-hint`} onFile={onFile} />
          {group.picture && (
            <button type="button" className="button button--quiet" disabled={!usable} onClick={remove}>
              {t('groups.admin.picture.remove')}
            </button>
          )}
        </div>
      </div>
      <p id={`${headingId}-hint`} className="field__hint">
        {group.picture ? note : `${t('groups.admin.picture.none')} ${note}`}
      </p>
      <FormStatus error={error} success={success} />
    </section>
  );
}

/** The section for an admin, with the device's connection (useSyncStatus, as the avatar's). */
export function GroupPictureAdmin({ group }: { group: ShownGroup }) {
  const { online } = useSyncStatus();
  return <GroupPictureSetting group={group} online={online} />;
}
