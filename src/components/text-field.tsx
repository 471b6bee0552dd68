// A labelled input, or a labelled textarea, with its hint (rules shown before any mistake), a
// character counter where there is one, and its error message, each tied to the box by
// aria-describedby.
import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** The aria-describedby of a box: the ids of the messages shown, in reading order; none: no attribute. */
function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(hint && hintId, error && errorId)} {...input} />
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  /** Label shown only to assistive technology (a composer under its own heading). */
  isLabelHidden?: boolean | undefined;
  /** The rule shown before any mistake: under the box, or above it with `isHintAbove`. */
  hint?: string | undefined;
  isHintAbove?: boolean | undefined;
  /** A line under the box that counts or limits the characters; `isOver` past the limit. */
  counter?: { text: string; isOver: boolean } | undefined;
  /** The box's own error, under it; `isErrorAlert` says it at once (role="alert"). */
  error?: string | null | undefined;
  isErrorAlert?: boolean | undefined;
  /** The id of the form's error, shown elsewhere in the form while there is one: it describes the box and marks it invalid. */
  formErrorId?: string | undefined;
};

export function TextAreaField({ label, isLabelHidden, hint, isHintAbove, counter, error, isErrorAlert, formErrorId, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const hintLine = hint && (
    <p id={hintId} className="field__hint">
      {hint}
    </p>
  );
  return (
    <div className="field">
      <label htmlFor={id} className={isLabelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {isHintAbove && hintLine}
      <textarea
        id={id}
        aria-invalid={error || formErrorId ? true : undefined}
        aria-describedby={describedBy(hint && hintId, counter && counterId, error && errorId, formErrorId)}
        {...textarea}
      />
      {!isHintAbove && hintLine}
      {counter && (
        <p id={counterId} className={`counter${counter.isOver ? ' counter--over' : ''}`}>
          {counter.text}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role={isErrorAlert ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
