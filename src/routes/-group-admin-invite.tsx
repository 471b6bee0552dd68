// The invite link on a group's settings screen, for its admins (issue #28 item 2; docs/product.md §11
// 'Joining'): the live link `/g/<code>` with how long it works and how often it was used, Copy, and
// "Make a new link" with an optional expiry and use limit ('group.rotateInvite' through the outbox).
// The new code is the server's: while the change waits the screen says the link is about to change
// instead of offering the old one, and the new link shows with the answer. Not a route.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS } from '../../common/group-contract';
import type { ShownGroup } from '../db/group-reads';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useSubmit } from '../components/use-submit';
import { LinkField, useCopyLink } from '../components/copy-link';
import { inviteUrl } from './_app/group/-group-texts';
import { FormActions } from '../components/form-actions';
import { FormStatus } from '../components/auth-card';

const rotateInvite = lazyCommand('rotateInvite');

/** The choices of "Works for", in days (0: no time limit). */
const EXPIRY_DAYS = [0, 1, 7, 30, 90, GROUP_LIMITS.expiryDays] as const;
const DAY_MS = 86_400_000;

export function GroupInvite({ group, isRotating }: { group: ShownGroup; isRotating: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="group-admin__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="lists__subheading">
        {t('groups.admin.invite.heading')}
      </h2>
      <CurrentLink group={group} isRotating={isRotating} />
      {group.id > 0 && <NewLinkForm groupId={group.id} />}
    </section>
  );
}

function CurrentLink({ group, isRotating }: { group: ShownGroup; isRotating: boolean }) {
  const { t, i18n } = useTranslation();
  const banner = useBanner();
  const inputId = useId();
  const { invite } = group;
  const url = invite ? inviteUrl(invite.code) : null;
  const { hasFailed, copy } = useCopyLink(url, () => banner.show({ kind: 'success', text: t('groups.admin.invite.copied') }));
  if (group.id < 0) return <p className="feed__note">{t('groups.admin.invite.notYet')}</p>;
  if (isRotating) return <p className="post-card__pending" role="status">{t('groups.admin.invite.rotating')}</p>;
  if (!invite || url === null) return <p className="feed__note">{t('groups.admin.invite.none')}</p>;
  const until = invite.expires_at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(invite.expires_at)) : null;
  return (
    <div className="form">
      <p className="field__hint">{t('groups.admin.invite.intro')}</p>
      <LinkField id={inputId} label={t('groups.admin.invite.label')} url={url} className="group-invite__url" errorId={null} />
      <p className="group-head__meta">
        {until && <span>{t('groups.admin.invite.expires', { date: until })}</span>}
        <span>
          {invite.max_uses === null
            ? t('groups.admin.invite.usesNoLimit', { count: invite.uses })
            : t('groups.admin.invite.uses', { uses: invite.uses, max: invite.max_uses })}
        </span>
      </p>
      <FormStatus error={hasFailed ? t('groups.admin.invite.copyFailed') : null} />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t('groups.admin.invite.copy')}
        </button>
      </div>
    </div>
  );
}

function NewLinkForm({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const expiryId = useId();
  const usesId = useId();
  const [days, setDays] = useState(0);
  const [maxUses, setMaxUses] = useState('');
  const [isConfirming, setConfirming] = useState(false);
  const { error, setError, isBusy, run } = useSubmit((err) => bannerMessage(err, t, t('groups.admin.failed')));

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setConfirming(true);
  };
  const make = async () => {
    setConfirming(false);
    const uses = maxUses.trim() === '' ? null : Number(maxUses);
    await run(async () => {
      await rotateInvite(groupId, { expiresAt: days === 0 ? null : new Date(Date.now() + days * DAY_MS), maxUses: uses });
      setDays(0);
      setMaxUses('');
      banner.show({ kind: 'success', text: t('groups.admin.invite.made') });
    });
  };

  return (
    <form className="form" onSubmit={ask} noValidate>
      <h3 className="group-admin__minor">{t('groups.admin.invite.newHeading')}</h3>
      <p className="field__hint">{t('groups.admin.invite.newHint')}</p>
      <div className="field">
        <label htmlFor={expiryId}>{t('groups.admin.invite.expiry')}</label>
        <select id={expiryId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {EXPIRY_DAYS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t('groups.admin.invite.expiryNever') : t('groups.admin.invite.expiryDays', { count: n })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={usesId}>{t('groups.admin.invite.maxUses')}</label>
        <input
          id={usesId}
          type="number"
          inputMode="numeric"
          min={1}
          max={GROUP_LIMITS.maxUses}
          value={maxUses}
          aria-describedby={`${usesId}-hint${error ? ` ${usesId}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setMaxUses(event.target.value);
            setError(null);
          }}
        />
        <p id={`${usesId}-hint`} className="field__hint">
          {t('groups.admin.invite.maxUsesHint')}
        </p>
        {error && (
          <p id={`${usesId}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <FormActions submit={t('groups.admin.invite.make')} disabled={isBusy} />
      <ConfirmDialog
        open={isConfirming}
        title={t('groups.admin.invite.newHeading')}
        description={t('groups.admin.invite.newHint')}
        confirmLabel={t('groups.admin.invite.make')}
        cancelLabel={t('groups.admin.cancel')}
        onConfirm={() => void make()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
