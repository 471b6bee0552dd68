// docs/product.md §2 application layout: header (app name, sync state, language, account menu with the colour
// mode), main, and the navigation
// (a bottom bar on phones, a side rail on wide screens).
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FlameIcon, GroupsIcon, HomeIcon, ListIcon, PersonIcon, PlusIcon, PrayIcon } from './icons';
import { SyncIndicator, type SyncIndicatorStatus } from './sync-indicator';
import { deferredMenu } from './deferred-menu';
import type { AccountMenuProps } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { NotificationBell } from './notification-bell';
import { useLiveRead } from '../db/live-read';

export type AccountSummary = {
  /** The member's name; null for a guest. */
  name: string | null;
  todayPrayerCount: number;
  /** A member named in the server's MODERATOR_EMAILS (issue #11): the menu offers the review screen. */
  isModerator?: boolean;
  /** A guest (issue #26 point 3): the name others see ("Guest 4821" or the one chosen) and the way to choose one. */
  guest?: { shownName: string; onChooseName: () => void } | undefined;
};

/**
 * Which docs/product.md §2 layout the screen is in: the application's own screens, the settings (member) or the
 * private screens (notifications, statistics). All three keep the header and the navigation (issue
 * #12 point 5); the name marks the layout for tests and widens the main column of the last two.
 */
export type AppLayoutName = 'application' | 'settings' | 'private';

type AppLayoutProps = {
  layout?: AppLayoutName;
  syncStatus: SyncIndicatorStatus;
  account: AccountSummary;
  onShare: () => void;
  onShowFailed: () => void;
  /** Opens the list of what waits to be sent (issue #12); the waiting pill is a button only with it. */
  onShowWaiting?: (() => void) | undefined;
  onLogout: () => void;
  /** Unread in-app notifications (issue #6): the header bell links to /notifications. */
  unreadNotifications?: number;
  /** Opens the notification permission prompt; absent (entry hidden) when there is nothing to turn on. */
  onTurnOnNotifications?: (() => void) | undefined;
  children: ReactNode;
};

export function AppLayout({ layout = 'application', syncStatus, account, onShare, onShowFailed, onShowWaiting, onLogout, unreadNotifications = 0, onTurnOnNotifications, children }: AppLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={`app-shell app-shell--${layout}`} data-testid={`layout-${layout}`}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <Link to="/community" className="brand">
          <span className="brand__mark" aria-hidden="true">
            <FlameIcon size={18} />
          </span>
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <SyncIndicator status={syncStatus} onShowFailed={onShowFailed} onShowWaiting={onShowWaiting} />
        <LanguageSwitcher />
        <NotificationBell unread={unreadNotifications} />
        <AccountMenu label={t('account.menu')} account={account} onLogout={onLogout} onTurnOnNotifications={onTurnOnNotifications} />
      </header>
      <main className="app-main" id="main" tabIndex={-1}>
        {children}
      </main>
      <AppNav onShare={onShare} />
    </div>
  );
}

function AppNav({ onShare }: { onShare: () => void }) {
  const { t } = useTranslation();
  const unread = useUnreadInGroups();
  const shown = unread > 99 ? '99+' : unread;
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      <NavLink to="/community" icon={<HomeIcon />} label={t('nav.community')} />
      <NavLink to="/pray" icon={<PrayIcon />} label={t('prayer.nav')} />
      <button type="button" className="app-nav__item app-nav__share" onClick={onShare} aria-label={t('composer.open')}>
        <span className="app-nav__share-icon">
          <PlusIcon />
        </span>
        <span className="app-nav__label">{t('nav.share')}</span>
      </button>
      {/* Issue #49 item 4 (docs/product.md §11 'Unread'): Groups for everyone (a guest or a person in no
          group learns there what groups are), with the posts by others that came into my groups since I
          last opened each: the name says the count, the badge (to 99+) is decorative. */}
      <NavLink
        to="/groups"
        icon={
          <>
            <GroupsIcon />
            {unread > 0 && (
              <span className="app-nav__badge" aria-hidden="true">
                {shown}
              </span>
            )}
          </>
        }
        label={t('groups.nav')}
        name={unread > 0 ? t('groups.navUnread', { count: unread, shown }) : undefined}
        section="/group/"
      />
      <NavLink to="/lists" icon={<ListIcon />} label={t('lists.nav')} />
    </nav>
  );
}

type NavLinkProps = {
  to: '/community' | '/pray' | '/groups' | '/lists';
  icon: ReactNode;
  label: string;
  /** Replaces the label as its accessible name (a count said in words). */
  name?: string | undefined;
  /** Pages under another address that belong to the entry ('/group/': a group's own pages are in Groups). */
  section?: string;
};

/** An entry of the navigation, marked current on its own page and the pages under it. */
function NavLink({ to, icon, label, name, section }: NavLinkProps) {
  const isInSection = useRouterState({ select: (state) => section !== undefined && state.location.pathname.startsWith(section) });
  return (
    <Link to={to} className="app-nav__item" activeProps={{ 'aria-current': 'page' }} aria-current={isInSection ? 'page' : undefined} aria-label={name}>
      <span className="app-nav__icon">{icon}</span>
      <span className="app-nav__label">{label}</span>
    </Link>
  );
}

/** The count's read comes after the first render, in a chunk of its own (issue #14's first-load budget); 0 until then. */
function useUnreadInGroups(): number {
  const [read, setRead] = useState<(() => Promise<number>) | null>(null);
  useEffect(() => {
    import('../db/group-unread-reads').then((reads) => setRead(() => reads.readUnreadTotal), () => undefined);
  }, []);
  return useLiveRead(read, [read], 0);
}

const AccountMenu = deferredMenu<AccountMenuProps>(
  () => import('./account-menu').then((module) => module.default),
  ({ label }) => ({ className: 'icon-button account-button', label, children: <PersonIcon /> }),
);
