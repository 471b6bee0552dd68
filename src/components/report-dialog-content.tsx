// The form of ReportDialog (report-dialog.tsx), loaded when a report dialog first opens (deferred-dialog.tsx).
// Report a post or a comment (docs/product.md §6: non-owners may only report; common/contract.ts
// REPORT_TYPES), on the generic dialog of docs/product.md §2. Issue #12: no reason is chosen for the user
// (sending without one says "Choose a reason."), and an optional details box takes the reporter's
// own words (at most REPORT_DETAILS_LIMIT characters; only moderators read them). Presentational:
// onSubmit runs the command and resolves once it is saved locally; the dialog then closes. A
// rejection is shown in the form, which keeps what was chosen and written.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES, type ReportType } from '../../common/contract';
import { REPORT_DETAILS_LIMIT } from '../../common/hidden-people-contract';
import AppDialog from './app-dialog-content';
import { FormStatus } from './auth-card';
import { TextAreaField } from './text-field';
import { useDraft } from './use-draft';
import { useSubmit } from './use-submit';
import { FormActions } from './form-actions';

export type ReportDialogProps = {
  open: boolean;
  /** Where the reason and details are kept until sent (src/state/drafts.ts draftTarget). */
  draftTarget: string | null;
  onClose: () => void;
  onSubmit: (type: ReportType, details: string | null) => Promise<void>;
};

export default function ReportDialogContent({ open, draftTarget, onClose, onSubmit }: ReportDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('postDetail.reportTitle')}
      description={t('postDetail.reportDescription')}
    >
      {open && <ReportForm draftTarget={draftTarget} onClose={onClose} onSubmit={onSubmit} />}
    </AppDialog>
  );
}

/** The reason as a draft field: '' until one is chosen. */
const isReportType = (value: string): value is ReportType => REPORT_TYPES.some((type) => type === value);

function ReportForm({ draftTarget, onClose, onSubmit }: Omit<ReportDialogProps, 'open'>) {
  const { t } = useTranslation();
  const { values, setValues, sent, requestClose } = useDraft(draftTarget, { type: '', details: '' }, ['details']);
  const type = isReportType(values.type) ? values.type : null;
  const details = values.details;
  const { error, setError, isBusy, run } = useSubmit(() => t('postDetail.saveFailed'));
  const isTooLong = details.trim().length > REPORT_DETAILS_LIMIT;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (type === null) {
      setError(t('reporting.chooseReason'));
      return;
    }
    if (isTooLong) {
      setError(t('reporting.detailsTooLong', { max: REPORT_DETAILS_LIMIT }));
      return;
    }
    await run(async () => {
      await onSubmit(type, details.trim() === '' ? null : details.trim());
      await sent();
      onClose();
    });
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="segmented">
        <legend>{t('postDetail.reportReason')}</legend>
        {REPORT_TYPES.map((value) => (
          <label key={value} className="segmented__option">
            <input
              type="radio"
              name="report-type"
              value={value}
              checked={type === value}
              onChange={() => {
                setValues({ ...values, type: value });
                setError(null);
              }}
            />
            <span>{t(`postDetail.reason.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={t('reporting.detailsLabel')}
        counter={{ text: t('reporting.detailsHint', { max: REPORT_DETAILS_LIMIT }), isOver: isTooLong }}
        name="details"
        rows={3}
        value={details}
        // Invalid while too long, not for the form's own errors (no reason chosen).
        aria-invalid={isTooLong || undefined}
        onChange={(event) => {
          setValues({ ...values, details: event.target.value });
          setError(null);
        }}
      />
      <FormStatus error={error} />
      <FormActions submit={t('postDetail.reportSubmit')} disabled={isBusy} cancel={{ label: t('postDetail.cancel'), onClick: requestClose ?? onClose, isQuiet: true }} />
    </form>
  );
}
