// "Create a group" (docs/product.md §11; issue #28 item 1): a name and a short description. The
// screen passes createGroup through onSubmit, which resolves once the group is saved here (it shows
// at once, pending, offline too) or rejects with an error shown in the form.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS } from '../../../../common/group-contract';
import { AppDialog } from '../../../components/app-dialog';
import { TextAreaField, TextField } from '../../../components/text-field';
import { bannerMessage } from '../../../components/api-error';
import { useSubmit } from '../../../components/use-submit';
import { FormActions } from '../../../components/form-actions';

export type GroupFormValues = { name: string; description: string };

type GroupFormDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onSubmit: (values: GroupFormValues) => Promise<void> };

export function GroupFormDialog({ open, onOpenChange, onSubmit }: GroupFormDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('groups.screens.form.title')} description={t('groups.screens.form.description')}>
      {open && <GroupForm onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />}
    </AppDialog>
  );
}

function GroupForm({ onSubmit, onCancel }: { onSubmit: GroupFormDialogProps['onSubmit']; onCancel: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<GroupFormValues>({ name: '', description: '' });
  const { error, setError, isBusy, run } = useSubmit((err) => bannerMessage(err, t, t('groups.screens.form.failed')));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = values.name.trim();
    const description = values.description.trim();
    if (name === '') return setError(t('groups.screens.form.nameRequired'));
    if (name.length > GROUP_LIMITS.name) return setError(t('groups.screens.form.nameTooLong', { max: GROUP_LIMITS.name }));
    if (description.length > GROUP_LIMITS.description) return setError(t('groups.screens.form.aboutTooLong', { max: GROUP_LIMITS.description }));
    await run(() => onSubmit({ name, description }));
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('groups.screens.form.name')}
        value={values.name}
        error={error ?? undefined}
        maxLength={GROUP_LIMITS.name + 20}
        autoComplete="off"
        autoFocus
        onChange={(event) => {
          setValues({ ...values, name: event.target.value });
          setError(null);
        }}
      />
      <TextAreaField
        label={t('groups.screens.form.about')}
        rows={3}
        value={values.description}
        maxLength={GROUP_LIMITS.description + 20}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
      />
      <FormActions submit={t('groups.screens.form.submit')} disabled={isBusy} cancel={{ label: t('groups.screens.form.cancel'), onClick: onCancel }} />
    </form>
  );
}
