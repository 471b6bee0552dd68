// The always-open form under the comments or the notes of a post: a limited textarea and a send
// button. Validation (empty, too long: docs/product.md §10 limits) happens here, in the user's language.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextArea, textProblem } from './limited-text';
import { useDraft } from './use-draft';
import { useSubmit } from './use-submit';
import { FormActions } from './form-actions';

type TextComposerProps = {
  label: string;
  placeholder: string;
  hint?: string | undefined;
  max: number;
  emptyMessage: string;
  submitLabel: string;
  /** Where what is typed is kept until sent (src/state/drafts.ts draftTarget). */
  draftTarget: string | null;
  /** Resolves once saved locally; the form is cleared then. */
  onSubmit: (text: string) => Promise<void>;
};

export function TextComposer({ label, placeholder, hint, max, emptyMessage, submitLabel, draftTarget, onSubmit }: TextComposerProps) {
  const { t } = useTranslation();
  const { values, setValues, sent } = useDraft(draftTarget, { text: '' });
  const value = values.text;
  const { error, setError, isBusy, run } = useSubmit(() => t('postDetail.saveFailed'));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = textProblem(value, max, emptyMessage, t('postDetail.tooLong', { max }));
    if (problem) return setError(problem);
    await run(async () => {
      await onSubmit(value.trim());
      await sent();
    });
  }

  return (
    <form className="form text-composer" onSubmit={(event) => void submit(event)} noValidate>
      <LimitedTextArea
        label={label}
        value={value}
        max={max}
        placeholder={placeholder}
        hint={hint}
        error={error}
        onChange={(text) => {
          setValues({ text });
          setError(null);
        }}
      />
      <FormActions submit={submitLabel} disabled={isBusy} />
    </form>
  );
}
