// The frame of the /settings screens (docs/product.md §2 application-settings layout): the title, the
// settings navigation, and the note that explains, offline, which changes wait for a connection.
// Each screen refreshes GET user/settings when it opens; offline it shows the local copy.
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountSettings } from '../db/account-queries';
import { useSyncStatus } from '../state/sync-status';
import { refreshSettings } from '../state';

const SECTIONS = [
  { to: '/settings/account', key: 'account' },
  { to: '/settings/profile', key: 'profile' },
  { to: '/settings/security', key: 'security' },
  { to: '/settings/social', key: 'social' },
  { to: '/settings/hidden', key: 'hidden' },
  { to: '/settings/reminders', key: 'reminders' },
] as const;

type SettingsSection = (typeof SECTIONS)[number]['key'] | 'overview';

/** The section's name; Hidden people (issue #12) and Prayer reminders (issue #13) have their texts in their areas. */
function useSectionTitle(): (section: SettingsSection) => string {
  const { t } = useTranslation();
  return (section) => {
    if (section === 'hidden') return t('reporting.hiddenTitle');
    // Issue #13: Prayer reminders has its texts in its own area.
    if (section === 'reminders') return t('reminders.title');
    return t(`accounts.settings.${section}`);
  };
}

/**
 * Issue #12 'hide what is not configured': Social sign-in is offered only when this server has a
 * provider, or the account still has one linked (to unlink it); unknown (never read) counts as none.
 */
function useVisibleSections() {
  const settings = useAccountSettings();
  const hasSocial = settings?.providers.some((provider) => provider.available || provider.linked) ?? false;
  return SECTIONS.filter((section) => section.key !== 'social' || hasSocial);
}

function SettingsNav() {
  const { t } = useTranslation();
  const title = useSectionTitle();
  return (
    <nav className="settings-nav" aria-label={t('accounts.settings.nav')}>
      <ul>
        {useVisibleSections().map((section) => (
          <li key={section.key}>
            <Link to={section.to} className="settings-nav__item" activeProps={{ 'aria-current': 'page' }}>
              {title(section.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type SettingsPageProps = { section: SettingsSection; lead: string; children: ReactNode };

export function SettingsPage({ section, lead, children }: SettingsPageProps) {
  const { t } = useTranslation();
  const title = useSectionTitle()(section);
  useEffect(() => {
    // Offline or refused: the screen keeps the local copy and says so where it matters.
    refreshSettings().catch(() => undefined);
  }, []);
  return (
    <div className="settings">
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 className="settings__title">{title}</h1>
      <SettingsNav />
      <p className="settings__lead">{lead}</p>
      {children}
    </div>
  );
}

/** Shown offline above a form whose call needs the network (password, picture, mailed links). */
export function OnlineOnlyNote() {
  const { t } = useTranslation();
  const { online } = useSyncStatus();
  if (online) return null;
  return (
    <p className="settings__offline" role="status">
      {t('accounts.settings.offlineNote')}
    </p>
  );
}

export function SettingsSectionBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-label={title}>
      <h2 className="settings-section__title">{title}</h2>
      {children}
    </section>
  );
}
