// '/settings/social' (docs/product.md §7 user/provider/check and disconnect): the social sign-ins this server
// offers (docs/api.md: enabled by configuration), which of them are linked to the account, and
// the way to link or unlink each. Linking leaves for the provider and comes back through
// /auth/provider/callback/{provider}. Online only; the local copy shows what was last known.
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApiProviderStatus } from '../../../../common/account-contract';
import { useAccountSettings } from '../../../db/account-queries';
import { useSyncStatus } from '../../../state/sync-status';
import { disconnectProvider, startProviderSignIn } from '../../../state';
import { formMessage } from '../../../components/api-error';
import { FormStatus } from '../../../components/auth-card';
import { useSubmit } from '../../../components/use-submit';
import { OnlineOnlyNote, SettingsPage, SettingsSectionBox } from '../../-settings-page';

export const Route = createFileRoute('/_settings/settings/social')({ component: SocialSettingsScreen });

function SocialSettingsScreen() {
  const { t } = useTranslation();
  const settings = useAccountSettings();
  const shown = settings?.providers.filter((provider) => provider.available || provider.linked) ?? [];
  return (
    <SettingsPage section="social" lead={t('accounts.settings.socialLead')}>
      <SettingsSectionBox title={t('accounts.social.title')}>
        <OnlineOnlyNote />
        {settings === undefined ? null : shown.length === 0 ? (
          <p>{settings === null ? t('accounts.social.unknown') : t('accounts.social.none')}</p>
        ) : (
          <ul className="settings-stack">
            {shown.map((provider) => (
              <ProviderRow key={provider.provider} status={provider} />
            ))}
          </ul>
        )}
      </SettingsSectionBox>
    </SettingsPage>
  );
}

function ProviderRow({ status }: { status: ApiProviderStatus }) {
  const { t } = useTranslation();
  const { online } = useSyncStatus();
  const { error, isBusy, run } = useSubmit((err) => formMessage(err, t, t('auth.failed')));
  const name = t(`accounts.provider.${status.provider}`);
  const act = () => run(() => (status.linked ? disconnectProvider(status.provider) : startProviderSignIn(status.provider)));
  return (
    <li className="settings-row">
      <p>
        <strong>{name}</strong> · {status.linked ? t('accounts.social.linked') : t('accounts.social.notLinked')}
      </p>
      <button type="button" className="button button--secondary" disabled={!online || isBusy || (!status.linked && !status.available)} onClick={() => void act()}>
        {status.linked ? t('accounts.social.unlink', { provider: name }) : t('accounts.social.link', { provider: name })}
      </button>
      <FormStatus error={error} />
    </li>
  );
}
