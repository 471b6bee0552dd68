// Report a post or a comment (SPEC §6: non-owners may only report; common/contract.ts
// REPORT_TYPES), on the generic dialog of SPEC §2. Presentational: onSubmit runs the command and
// resolves once it is saved locally; the dialog then closes. A rejection is shown in the form.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES, type ReportType } from '../../common/contract';
import { AppDialog } from './app-dialog';
import { useSubmit } from './use-submit';

type ReportDialogProps = { open: boolean; onClose: () => void; onSubmit: (type: ReportType) => Promise<void> };

export function ReportDialog({ open, onClose, onSubmit }: ReportDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('postDetail.reportTitle')}
      description={t('postDetail.reportDescription')}
    >
      {open && <ReportForm onClose={onClose} onSubmit={onSubmit} />}
    </AppDialog>
  );
}

function ReportForm({ onClose, onSubmit }: Omit<ReportDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [type, setType] = useState<ReportType>('spam');
  const { error, isBusy, run } = useSubmit(() => t('postDetail.saveFailed'));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async () => {
      await onSubmit(type);
      onClose();
    });
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="segmented">
        <legend>{t('postDetail.reportReason')}</legend>
        {REPORT_TYPES.map((value) => (
          <label key={value} className="segmented__option">
            <input type="radio" name="report-type" value={value} checked={type === value} onChange={() => setType(value)} />
            <span>{t(`postDetail.reason.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="button button--quiet" onClick={onClose}>
          {t('postDetail.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {t('postDetail.reportSubmit')}
        </button>
      </div>
    </form>
  );
}
