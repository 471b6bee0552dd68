// Notes and comments of a list item: a list of short texts, each with its author, time and
// options menu, and the box to write one. Presentational: the screen passes the entries (with the
// menu entries docs/product.md §6 allows) and onSubmit, which resolves once the text is saved locally.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsDropdown, type DropdownEntry } from './actions-dropdown';
import { FormActions } from './form-actions';
import { RelativeTime } from './relative-time';
import { TextAreaField } from './text-field';
import { useDraft } from './use-draft';
import { messageOf, useSubmit } from './use-submit';

export type EntryData = {
  id: number;
  /** Shown above the text (comments); null for one's own notes. */
  author: string | null;
  text: string;
  createdAt: string;
  isPending: boolean;
  menu: DropdownEntry[];
};

type EntryListProps = { entries: EntryData[] | undefined; empty: string; loading: string; menuLabel: string };

export function EntryList({ entries, empty, loading, menuLabel }: EntryListProps) {
  const { t } = useTranslation();
  if (!entries) return <p className="feed__note">{loading}</p>;
  if (entries.length === 0) return <p className="feed__note">{empty}</p>;
  return (
    <ul className="entries">
      {entries.map((entry) => (
        <li key={entry.id} className="entry">
          <div className="entry__head">
            {entry.author && <span className="entry__author">{entry.author}</span>}
            <span className="entry__time">
              <RelativeTime iso={entry.createdAt} />
            </span>
            <ActionsDropdown label={menuLabel} entries={entry.menu} />
          </div>
          <p className="entry__text">{entry.text}</p>
          {entry.isPending && <p className="post-card__pending">{t('lists.pending')}</p>}
        </li>
      ))}
    </ul>
  );
}

type EntryComposerProps = {
  label: string;
  submitLabel: string;
  max: number;
  initial?: string;
  /** Where what is typed is kept until sent (src/state/drafts.ts draftTarget). */
  draftTarget: string | null;
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
};

/** A labelled text box and its submit button; emptied after a successful submit. */
export function EntryComposer({ label, submitLabel, max, initial = '', draftTarget, onSubmit, onCancel }: EntryComposerProps) {
  const { t } = useTranslation();
  const { values, setValues, sent, requestClose } = useDraft(draftTarget, { text: initial });
  const text = values.text;
  const { error, setError, isBusy, run } = useSubmit((err) => messageOf(err, t('lists.form.failed')));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return setError(t('lists.detail.empty'));
    if (trimmed.length > max) return setError(t('lists.detail.tooLong', { max }));
    await run(async () => {
      await onSubmit(trimmed);
      await sent();
    });
  }

  return (
    <form className="form entry-composer" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={label}
        className="entry-composer__text"
        value={text}
        error={error}
        onChange={(event) => {
          setValues({ text: event.target.value });
          setError(null);
        }}
      />
      <FormActions submit={submitLabel} disabled={isBusy} cancel={onCancel && { label: t('lists.detail.cancel'), onClick: requestClose ?? onCancel }} />
    </form>
  );
}
