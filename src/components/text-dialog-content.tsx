// The form of TextDialog (text-dialog.tsx), loaded when a text dialog first opens (deferred-dialog.tsx):
// with its draft (use-draft.ts) it stays out of the first load.
// A dialog asking for one text (mark answered with a testimony, edit a request, a testimony, a
// comment or a note), on the generic dialog of docs/product.md §2. Presentational: onSubmit runs the command.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import AppDialog from './app-dialog-content';
import { TextField } from './text-field';
import { LimitedTextArea, textProblem } from './limited-text';
import { useDraft } from './use-draft';
import { useSubmit } from './use-submit';
import { FormActions } from './form-actions';

export type TextDialogSpec = {
  title: string;
  description?: string | undefined;
  label: string;
  initialValue: string;
  max: number;
  /** null: the text may be left empty (an optional testimony). */
  emptyMessage: string | null;
  submitLabel: string;
  /** The form's draft target (src/state/drafts.ts draftTarget): what is typed survives a close and a reload. */
  draftTarget: string | null;
  /** Resolves once saved locally; a rejection's message is shown in the form. */
  onSubmit: (text: string) => Promise<void>;
  /**
   * A one-line field (a name), Enter saves; `placeholder` shows what is used while it is empty
   * (issue #49, review m6: "Choose your name" was a five-line box with no hint of the current name).
   */
  line?: { placeholder: string } | undefined;
};

export type TextDialogProps = { spec: TextDialogSpec | null; onClose: () => void };

export default function TextDialogContent({ spec, onClose }: TextDialogProps) {
  return (
    <AppDialog
      open={spec !== null}
      onOpenChange={(open) => !open && onClose()}
      title={spec?.title ?? ''}
      description={spec?.description}
    >
      {spec && <TextForm spec={spec} onClose={onClose} />}
    </AppDialog>
  );
}

function TextForm({ spec, onClose }: { spec: TextDialogSpec; onClose: () => void }) {
  const { t } = useTranslation();
  const { values, setValues, sent, requestClose } = useDraft(spec.draftTarget, { text: spec.initialValue });
  const value = values.text;
  const { error, setError, isBusy, run } = useSubmit(() => t('postDetail.saveFailed'));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = textProblem(value, spec.max, spec.emptyMessage, t('postDetail.tooLong', { max: spec.max }));
    if (problem) return setError(problem);
    await run(async () => {
      await spec.onSubmit(value.trim());
      await sent();
      onClose();
    });
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {spec.line ? (
        <TextField
          label={spec.label}
          value={value}
          maxLength={spec.max}
          placeholder={spec.line.placeholder}
          autoComplete="nickname"
          error={error ?? undefined}
          onChange={(event) => {
            setValues({ text: event.target.value });
            setError(null);
          }}
        />
      ) : (
        <LimitedTextArea
          label={spec.label}
          value={value}
          max={spec.max}
          rows={5}
          error={error}
          onChange={(text) => {
            setValues({ text });
            setError(null);
          }}
        />
      )}
      <FormActions submit={spec.submitLabel} disabled={isBusy} cancel={{ label: t('postDetail.cancel'), onClick: () => requestClose?.(), isQuiet: true }} />
    </form>
  );
}
