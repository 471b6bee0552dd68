// A labelled textarea with a live character counter and its error tied by aria-describedby, and
// the length rule of docs/product.md §10 (request 2,000, comment 1,000, note 5,000) checked before a command
// runs, so the message is the user's language and not the command's English fallback.
import { useId } from 'react';
import { useT } from '../i18n/use-t';

type LimitedTextAreaProps = {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  placeholder?: string | undefined;
  hint?: string | undefined;
  rows?: number;
  /** Label shown only to assistive technology (a composer under its own heading). */
  isLabelHidden?: boolean;
};

export function LimitedTextArea({ label, value, max, onChange, error, placeholder, hint, rows = 3, isLabelHidden = false }: LimitedTextAreaProps) {
  const { t } = useT();
  const id = useId();
  const counterId = useId();
  const errorId = useId();
  const hintId = useId();
  const length = value.trim().length;
  const describedBy = [hint ? hintId : null, counterId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className={isLabelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={counterId} className={`counter${length > max ? ' counter--over' : ''}`}>
        {t('postDetail.counter', { count: length, max })}
      </p>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** null when the text may be saved, else the message to show. `emptyMessage` null: empty is allowed. */
export function textProblem(text: string, max: number, emptyMessage: string | null, tooLongMessage: string): string | null {
  const length = text.trim().length;
  if (length === 0) return emptyMessage;
  return length > max ? tooLongMessage : null;
}
