// Add or edit a prayer of a list (docs/product.md §3 List item; docs/api.md POST/PUT list/{l}/item): the
// prayer text, an optional title and Bible reference. Presentational: onSubmit runs the command.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../common/constants';
import { AppDialog } from './app-dialog';
import { TextAreaField, TextField } from './text-field';
import { useDraft } from './use-draft';
import { messageOf, useSubmit } from './use-submit';
import { FormActions } from './form-actions';

export type ItemFormValues = { title: string; text: string; reference: string };

type ItemFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  /** Where what is typed is kept until saved (src/state/drafts.ts draftTarget). */
  draftTarget: string | null;
  initial?: ItemFormValues | undefined;
  onSubmit: (values: ItemFormValues) => Promise<void>;
};

const EMPTY: ItemFormValues = { title: '', text: '', reference: '' };

export function ItemFormDialog({ open, onOpenChange, mode, draftTarget, initial, onSubmit }: ItemFormDialogProps) {
  const { t } = useTranslation();
  const isAdd = mode === 'add';
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isAdd ? t('lists.item.formAddTitle') : t('lists.item.formEditTitle')}
      description={isAdd ? t('lists.item.formAddDescription') : t('lists.item.formEditDescription')}
    >
      {open && <ItemForm initial={initial ?? EMPTY} isAdd={isAdd} draftTarget={draftTarget} onSubmit={onSubmit} />}
    </AppDialog>
  );
}

type ItemFormProps = { initial: ItemFormValues; isAdd: boolean; draftTarget: string | null; onSubmit: (values: ItemFormValues) => Promise<void> };

function ItemForm({ initial, isAdd, draftTarget, onSubmit }: ItemFormProps) {
  const { t } = useTranslation();
  const { values, setValues, sent, requestClose } = useDraft(draftTarget, initial);
  const { error, setError, isBusy, run } = useSubmit((err) => messageOf(err, t('lists.form.failed')));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = values.text.trim();
    if (text === '') return setError(t('lists.item.textRequired'));
    if (text.length > TEXT_LIMITS.request) return setError(t('lists.item.textTooLong', { max: TEXT_LIMITS.request }));
    await run(async () => {
      await onSubmit({ title: values.title.trim(), text, reference: values.reference.trim() });
      await sent();
    });
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('lists.item.title')}
        value={values.title}
        autoComplete="off"
        onChange={(event) => setValues({ ...values, title: event.target.value })}
      />
      <TextAreaField
        label={t('lists.item.text')}
        value={values.text}
        error={error}
        onChange={(event) => {
          setValues({ ...values, text: event.target.value });
          setError(null);
        }}
      />
      <TextField
        label={t('lists.item.reference')}
        value={values.reference}
        autoComplete="off"
        onChange={(event) => setValues({ ...values, reference: event.target.value })}
      />
      <FormActions submit={isAdd ? t('lists.item.add') : t('lists.item.save')} disabled={isBusy} cancel={{ label: t('lists.form.cancel'), onClick: () => requestClose?.() }} />
    </form>
  );
}
