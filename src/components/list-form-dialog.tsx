// Create or edit a prayer list (docs/product.md §3 List; docs/api.md POST/PUT list): name, description and
// who can see it. Presentational: the screen passes the command through onSubmit, which resolves
// once the change is saved locally or rejects with an error to show in the form.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../common/constants';
import type { ListVisibilityName } from '../../common/contract';
import { AppDialog } from './app-dialog';
import { TextAreaField, TextField } from './text-field';
import { useDraft } from './use-draft';
import { messageOf, useSubmit } from './use-submit';
import { FormActions } from './form-actions';

export type ListFormValues = { name: string; description: string; visibility: ListVisibilityName };

type ListFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'create' | 'edit';
  /** Where what is typed is kept until saved (src/state/drafts.ts draftTarget). */
  draftTarget: string | null;
  initial?: ListFormValues | undefined;
  /** A group's list (issue #28 item 4) is private to its group: no choice of who sees it. */
  inGroup?: boolean | undefined;
  onSubmit: (values: ListFormValues) => Promise<void>;
};

const EMPTY: ListFormValues = { name: '', description: '', visibility: 'PRIVATE' };

export function ListFormDialog({ open, onOpenChange, mode, draftTarget, initial, inGroup = false, onSubmit }: ListFormDialogProps) {
  const { t } = useTranslation();
  const isCreate = mode === 'create';
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isCreate ? t('lists.form.createTitle') : t('lists.form.editTitle')}
      description={isCreate ? t('lists.form.createDescription') : t('lists.form.editDescription')}
    >
      {open && <ListForm initial={initial ?? EMPTY} isCreate={isCreate} inGroup={inGroup} draftTarget={draftTarget} onSubmit={onSubmit} />}
    </AppDialog>
  );
}

type ListFormProps = {
  initial: ListFormValues;
  isCreate: boolean;
  inGroup: boolean;
  draftTarget: string | null;
  onSubmit: (values: ListFormValues) => Promise<void>;
};

function ListForm({ initial, isCreate, inGroup, draftTarget, onSubmit }: ListFormProps) {
  const { t } = useTranslation();
  const { values, setValues, sent, requestClose } = useDraft(draftTarget, initial);
  const { error, setError, isBusy, run } = useSubmit((err) => messageOf(err, t('lists.form.failed')));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = values.name.trim();
    if (name === '') return setError(t('lists.form.nameRequired'));
    if (name.length > TEXT_LIMITS.listName) return setError(t('lists.form.nameTooLong', { max: TEXT_LIMITS.listName }));
    await run(async () => {
      await onSubmit({ ...values, name, description: values.description.trim() });
      await sent();
    });
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('lists.form.name')}
        value={values.name}
        error={error ?? undefined}
        maxLength={TEXT_LIMITS.listName + 20}
        autoComplete="off"
        onChange={(event) => {
          setValues({ ...values, name: event.target.value });
          setError(null);
        }}
      />
      <TextAreaField
        label={t('lists.form.description')}
        className="lists-form__description"
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
      />
      {!inGroup && (
        <fieldset className="segmented">
          <legend>{t('lists.form.visibility')}</legend>
          {(['PRIVATE', 'PUBLIC'] as const).map((visibility) => (
            <label key={visibility} className="segmented__option">
              <input
                type="radio"
                name="list-visibility"
                value={visibility}
                checked={values.visibility === visibility}
                onChange={() => setValues({ ...values, visibility })}
              />
              <span>{visibility === 'PRIVATE' ? t('lists.form.visibilityPrivate') : t('lists.form.visibilityPublic')}</span>
            </label>
          ))}
        </fieldset>
      )}
      <FormActions submit={isCreate ? t('lists.form.create') : t('lists.form.save')} disabled={isBusy} cancel={{ label: t('lists.form.cancel'), onClick: () => requestClose?.() }} />
    </form>
  );
}
