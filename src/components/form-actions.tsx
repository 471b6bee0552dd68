// The buttons at the foot of a form: its submit, off while the work runs (or while there is nothing
// to save), and, where the form can be left unsaved, a Cancel before it (a quiet one in the
// composers, a secondary one elsewhere).
type FormActionsProps = {
  submit: string;
  disabled: boolean;
  cancel?: { label: string; onClick: () => void; isQuiet?: boolean } | undefined;
};

export function FormActions({ submit, disabled, cancel }: FormActionsProps) {
  return (
    <div className="form__actions">
      {cancel && (
        <button type="button" className={cancel.isQuiet ? 'button button--quiet' : 'button button--secondary'} onClick={cancel.onClick}>
          {cancel.label}
        </button>
      )}
      <button type="submit" className="button button--primary" disabled={disabled}>
        {submit}
      </button>
    </div>
  );
}
