// A labelled textarea (TextAreaField) with a live character counter and its error, and
// the length rule of docs/product.md §10 (request 2,000, comment 1,000, note 5,000) checked before a command
// runs, so the message is the user's language and not the command's English fallback.
import { useT } from '../i18n/use-t';
import { TextAreaField } from './text-field';

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
  const length = value.trim().length;
  return (
    <TextAreaField
      label={label}
      isLabelHidden={isLabelHidden}
      hint={hint}
      isHintAbove
      counter={{ text: t('postDetail.counter', { count: length, max }), isOver: length > max }}
      error={error}
      isErrorAlert
      rows={rows}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** null when the text may be saved, else the message to show. `emptyMessage` null: empty is allowed. */
export function textProblem(text: string, max: number, emptyMessage: string | null, tooLongMessage: string): string | null {
  const length = text.trim().length;
  if (length === 0) return emptyMessage;
  return length > max ? tooLongMessage : null;
}
