// The radix side of ComposerDialog (composer-dialog.tsx), loaded when it first opens (deferred-dialog.tsx,
// issue #14 point 2).
// The composer for a new request or thanksgiving, in a radix Dialog (Escape, backdrop click and
// the close button all close it, docs/product.md §2). Validation mirrors the server's 2,000-character limit.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../common/constants';
import type { PostKind } from '../../common/contract';
import { draftTarget } from '../state/drafts';
import { useGroup, useMyGroups } from '../db/group-queries';
import '../styles/groups.css';
import { useCloseGuard } from './draft-guard';
import { CloseIcon } from './icons';
import { useDraft } from './use-draft';
import { TextAreaField } from './text-field';
import { useReturnFocus } from './use-return-focus';
import { messageOf, useSubmit } from './use-submit';
import { FormActions } from './form-actions';

/**
 * `groupId` (issue #28): posted to one of my groups, absent for the community (docs/product.md §11);
 * `groupName`: that group's name, for the toast that says where it was shared (issue #49, review m1).
 */
export type ComposerValues = { text: string; type: PostKind; is_anonymous: boolean; groupId?: number | undefined; groupName?: string | undefined };

export type ComposerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves once the post is saved locally; rejects with a message to show in the form. */
  onSubmit: (values: ComposerValues) => Promise<void>;
  /** Shown under the form: the bot-check attribution when the check is on (docs/product.md §5). */
  notice?: ReactNode;
  /** Issue #28: where the post goes at first (a group's page); the person may choose another of their groups or the community. */
  groupId?: number | undefined;
};

export default function ComposerDialogContent({ open, onOpenChange, onSubmit, notice, groupId }: ComposerDialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  // Where the post goes: the title and description say it, so a post to a private group is never
  // written under "Share with the community" (docs/product.md §11). Each opening starts at `groupId`.
  const [where, setWhere] = useState<number | undefined>(groupId);
  // Set while rendering when the dialog opens (React's "adjusting state when a prop changes").
  const [seen, setSeen] = useState({ open, groupId });
  if (seen.open !== open || seen.groupId !== groupId) {
    setSeen({ open, groupId });
    if (open) setWhere(groupId);
  }
  const group = useGroup(where ?? 0);
  const inGroup = where !== undefined && group ? { name: group.name } : null;
  // What was typed is kept as a draft, and closing with it asks first (./draft-guard.tsx).
  const guard = useCloseGuard(() => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : guard.requestClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" {...returnFocus}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{inGroup ? t('groups.screens.composer.title', inGroup) : t('composer.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('composer.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog__description">{inGroup ? t('groups.screens.composer.description', inGroup) : t('composer.description')}</Dialog.Description>
          {guard.provide(open && <ComposerForm onSubmit={onSubmit} where={where} onWhereChange={setWhere} />)}
          {guard.question}
          {notice}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const MAX = TEXT_LIMITS.request;

const EMPTY: Omit<ComposerValues, 'groupId' | 'groupName'> = { text: '', type: 'REQUEST', is_anonymous: false };

type ComposerFormProps = { onSubmit: ComposerDialogProps['onSubmit']; where: number | undefined; onWhereChange: (groupId: number | undefined) => void };

function ComposerForm({ onSubmit, where, onWhereChange }: ComposerFormProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const { values, setValues, sent, requestClose } = useDraft(draftTarget('post'), EMPTY, ['text']);
  const { error, setError, isBusy, run } = useSubmit((err) => messageOf(err, t('composer.failed')));
  const groups = useMyGroups();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = values.text.trim();
    if (text.length === 0) return setError(t('composer.empty'));
    if (text.length > MAX) return setError(t('composer.tooLong', { max: MAX }));
    await run(async () => {
      await onSubmit({ ...values, text, groupId: where, groupName: groups?.find((group) => group.id === where)?.name });
      await sent();
    });
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <RequestText
        value={values.text}
        errorId={error ? errorId : undefined}
        onChange={(text) => {
          setValues({ ...values, text });
          setError(null);
        }}
      />
      <WhereChoice value={where} onChange={onWhereChange} />
      <KindChoice value={values.type} onChange={(type) => setValues({ ...values, type })} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.is_anonymous}
          onChange={(event) => setValues({ ...values, is_anonymous: event.target.checked })}
        />
        <span>{t('composer.anonymous')}</span>
      </label>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <FormActions submit={t('composer.submit')} disabled={isBusy} cancel={{ label: t('composer.cancel'), onClick: () => requestClose?.(), isQuiet: true }} />
    </form>
  );
}

type RequestTextProps = { value: string; errorId: string | undefined; onChange: (text: string) => void };

function RequestText({ value, errorId, onChange }: RequestTextProps) {
  const { t } = useTranslation();
  const length = value.trim().length;
  return (
    <TextAreaField
      label={t('composer.text')}
      counter={{ text: t('composer.counter', { count: length, max: MAX }), isOver: length > MAX }}
      formErrorId={errorId}
      rows={6}
      value={value}
      placeholder={t('composer.placeholder')}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function KindChoice({ value, onChange }: { value: PostKind; onChange: (kind: PostKind) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const options: [PostKind, string][] = [
    ['REQUEST', t('composer.kindRequest')],
    ['THANK', t('composer.kindThank')],
  ];
  return (
    <fieldset className="segmented">
      <legend>{t('composer.kind')}</legend>
      {options.map(([kind, label]) => (
        <label key={kind} className="segmented__option">
          <input type="radio" name={name} value={kind} checked={value === kind} onChange={() => onChange(kind)} />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** "Post in": the community or one of my groups (issue #28; only when I have groups). The group texts load with this dialog (composer-dialog.tsx). */
function WhereChoice({ value, onChange }: { value: number | undefined; onChange: (groupId: number | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const groups = useMyGroups();
  if (!groups || groups.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={id}>{t('groups.screens.composer.where')}</label>
      <select id={id} value={value === undefined ? '' : String(value)} onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}>
        <option value="">{t('groups.screens.composer.community')}</option>
        {groups.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {group.name}
          </option>
        ))}
      </select>
    </div>
  );
}
