// The "your data" part of /settings/account: ask for a download of everything the account holds,
// or for its deletion (docs/product.md §2 /profile/delete and /profile/download links, mailed by the server).
// Both are online calls: the link is mailed, so nothing can wait in the outbox meaningfully.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestAccountDeletion, requestDataDownload } from '../state';
import { formMessage } from '../components/api-error';
import { FormStatus } from '../components/auth-card';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useSubmit } from '../components/use-submit';

function useLinkRequest(request: () => Promise<string>, sentKey: 'accounts.data.downloadSent' | 'accounts.data.deleteSent') {
  const { t, i18n } = useTranslation();
  const { error, success, isBusy, run } = useSubmit((err) => formMessage(err, t, t('auth.failed')));
  const ask = () =>
    run(async () => {
      const expiresAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(await request()));
      return t(sentKey, { expiresAt });
    });
  return { error, success, isBusy, ask };
}

export function AccountRequests() {
  const { t } = useTranslation();
  const download = useLinkRequest(requestDataDownload, 'accounts.data.downloadSent');
  const deletion = useLinkRequest(requestAccountDeletion, 'accounts.data.deleteSent');
  const [isAsking, setAsking] = useState(false);
  return (
    <div className="settings-stack">
      <div className="settings-row">
        <p>{t('accounts.data.downloadLead')}</p>
        <button type="button" className="button button--secondary" disabled={download.isBusy} onClick={() => void download.ask()}>
          {t('accounts.data.downloadButton')}
        </button>
        <FormStatus error={download.error} success={download.success} />
      </div>
      <div className="settings-row">
        <p>{t('accounts.data.deleteLead')}</p>
        <button type="button" className="button button--danger" disabled={deletion.isBusy} onClick={() => setAsking(true)}>
          {t('accounts.data.deleteButton')}
        </button>
        <FormStatus error={deletion.error} success={deletion.success} />
      </div>
      <ConfirmDialog
        open={isAsking}
        title={t('accounts.data.deleteAskTitle')}
        description={t('accounts.data.deleteAskBody')}
        confirmLabel={t('accounts.data.deleteAskConfirm')}
        cancelLabel={t('accounts.data.cancel')}
        onConfirm={() => {
          setAsking(false);
          void deletion.ask();
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
