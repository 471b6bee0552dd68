// The group's name and description on its settings screen (issue #28 item 1): an admin edits them
// ('group.edit' through the outbox: the new name shows at once everywhere, offline too); any other
// member reads them. Not a route (the '-' prefix keeps the router out).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS } from '../../common/group-contract';
import type { ShownGroup } from '../db/group-reads';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { TextAreaField, TextField } from '../components/text-field';
import { useSubmit } from '../components/use-submit';
import { FormActions } from '../components/form-actions';

const editGroup = lazyCommand('editGroup');

type DetailsProps = { group: ShownGroup; isAdmin: boolean };

export function GroupDetails({ group, isAdmin }: DetailsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="group-admin__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="lists__subheading">
        {t('groups.admin.about.heading')}
      </h2>
      {isAdmin ? (
        // Keyed by the saved values: a change made elsewhere (or rolled back) shows in a fresh form.
        <DetailsForm key={`${group.name}\n${group.description ?? ''}`} group={group} />
      ) : (
        <div className="group-head">
          <p className="group-head__title">{group.name}</p>
          {group.description && <p className="group-head__about">{group.description}</p>}
        </div>
      )}
    </section>
  );
}

function DetailsForm({ group }: { group: ShownGroup }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description ?? '');
  const { error, setError, isBusy, run } = useSubmit((err) => bannerMessage(err, t, t('groups.admin.failed')));
  const changed = name.trim() !== group.name || description.trim() !== (group.description ?? '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed) return;
    await run(async () => {
      await editGroup(group.id, {
        ...(name.trim() === group.name ? {} : { name }),
        ...(description.trim() === (group.description ?? '') ? {} : { description }),
      });
      banner.show({ kind: 'success', text: t('groups.admin.about.saved') });
    });
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('groups.admin.about.name')}
        hint={t('groups.admin.about.nameHint')}
        value={name}
        error={error ?? undefined}
        maxLength={GROUP_LIMITS.name + 20}
        autoComplete="off"
        required
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      <TextAreaField
        label={t('groups.admin.about.description')}
        hint={t('groups.admin.about.descriptionHint')}
        rows={3}
        value={description}
        maxLength={GROUP_LIMITS.description + 20}
        onChange={(event) => setDescription(event.target.value)}
      />
      <FormActions submit={t('groups.admin.about.save')} disabled={isBusy || !changed} />
    </form>
  );
}
