// The "your data" part of /settings/account: ask for a download of everything the account holds,
// or for its deletion (docs/product.md §2 /profile/delete and /profile/download links, mailed by the server).
// Both are online calls: the link is mailed, so nothing can wait in the outbox meaningfully.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestAccountDeletion, requestDataDownload } from '../state';
import { formMessage } from '../components/api-error';
import { FormStatus } from '../components/auth-card';
import { ConfirmDialog } from '../components/confirm-dialog';

type Outcome = { error: string | null; success: string | null };
const NOTHING: Outcome = { error: null, success: null };

function useLinkRequest(request: () => Promise<string>, sentKey: 'accounts.data.downloadSent' | 'accounts.data.deleteSent') {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(NOTHING);
  const [isBusy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setOutcome(NOTHING);
    try {
      const expiresAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(await request()));
      setOutcome({ error: null, success: t(sentKey, { expiresAt }) });
    } catch (err) {
      setOutcome({ error: formMessage(err, t, t('auth.failed')), success: null });
    }
    setBusy(false);
  };
  return { outcome, isBusy, run };
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
        <button type="button" className="button button--secondary" disabled={download.isBusy} onClick={() => void download.run()}>
          {t('accounts.data.downloadButton')}
        </button>
        <FormStatus error={download.outcome.error} success={download.outcome.success} />
      </div>
      <div className="settings-row">
        <p>{t('accounts.data.deleteLead')}</p>
        <button type="button" className="button button--danger" disabled={deletion.isBusy} onClick={() => setAsking(true)}>
          {t('accounts.data.deleteButton')}
        </button>
        <FormStatus error={deletion.outcome.error} success={deletion.outcome.success} />
      </div>
      <ConfirmDialog
        open={isAsking}
        title={t('accounts.data.deleteAskTitle')}
        description={t('accounts.data.deleteAskBody')}
        confirmLabel={t('accounts.data.deleteAskConfirm')}
        cancelLabel={t('accounts.data.cancel')}
        onConfirm={() => {
          setAsking(false);
          void deletion.run();
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
