// '/settings' (docs/product.md §2 settings layout): who is signed in and the settings sections.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../db/queries';
import { ProfilePicture } from '../../../components/profile-picture';
import { SettingsPage } from '../../-settings-page';

export const Route = createFileRoute('/_settings/settings/')({ component: SettingsIndexScreen });

function SettingsIndexScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <SettingsPage section="overview" lead={t('accounts.settings.overviewLead')}>
      {user && (
        <div className="accounts-identity">
          <ProfilePicture name={user.name} avatar={user.profile.avatar} />
          <div>
            <p className="accounts-identity__name">{user.name}</p>
            <p className="accounts-identity__email">{user.email}</p>
            <Link to="/profile/$slug" params={{ slug: user.username }}>
              {t('accounts.settings.viewPublicProfile')}
            </Link>
          </div>
        </div>
      )}
    </SettingsPage>
  );
}
