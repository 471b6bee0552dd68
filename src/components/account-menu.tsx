// The account menu of the application header (docs/product.md §2, app-layout.tsx): who is signed in, the
// colour mode, settings, statistics, moderation, notifications and logging out. Loaded on the
// first intent, issue #14 point 2 (deferred-menu.tsx).
import { Link, useRouterState } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { AccountSummary } from './app-layout';
import { ColourModeItems } from './colour-mode-items';
import type { LoadedMenuProps } from './deferred-menu';
import { MenuFrame } from './menu-frame';
import { PersonIcon } from './icons';
import { useMyGroups } from '../db/group-queries';
import { isModeratedByMe } from '../db/group-reads';

export type AccountMenuProps = { label: string; account: AccountSummary; onLogout: () => void; onTurnOnNotifications: (() => void) | undefined };

export default function AccountMenu({ label, account, onLogout, onTurnOnNotifications, triggerRef }: AccountMenuProps & LoadedMenuProps) {
  const { t } = useTranslation();
  const here = useRouterState({ select: (state) => state.location.href });
  return (
    <MenuFrame label={label} triggerClassName="icon-button account-button" trigger={<PersonIcon />} triggerRef={triggerRef}>
      <DropdownMenu.Label className="menu__label">
        <span className="menu__name">{t('account.signedInAs', { name: account.name ?? account.guest?.shownName ?? t('account.guest') })}</span>
        <span>{t('account.today', { count: account.todayPrayerCount })}</span>
      </DropdownMenu.Label>
      <DropdownMenu.Separator className="menu__separator" />
      <ColourModeItems />
      <DropdownMenu.Separator className="menu__separator" />
      {account.name && (
        // Settings are a member's (docs/product.md §2 settings layout, auth check); a guest has none.
        <DropdownMenu.Item className="menu__item" asChild>
          <Link to="/settings">{t('accounts.settings.overview')}</Link>
        </DropdownMenu.Item>
      )}
      <DropdownMenu.Item className="menu__item" asChild>
        <Link to="/statistics">{t('prayer.statisticsLink')}</Link>
      </DropdownMenu.Item>
      <ModerationItem isModerator={account.isModerator === true} />
      {onTurnOnNotifications && (
        <DropdownMenu.Item className="menu__item" onSelect={onTurnOnNotifications}>
          {t('platform.notifications.menu')}
        </DropdownMenu.Item>
      )}
      {account.guest && (
        <DropdownMenu.Item className="menu__item" onSelect={account.guest.onChooseName}>
          {t('account.chooseName')}
        </DropdownMenu.Item>
      )}
      {!account.name && (
        // Issue #26 point 6: a guest finds the way to an account here, and comes back to this page after.
        <DropdownMenu.Item className="menu__item" asChild>
          <Link to="/register" search={{ next: here }}>{t('account.createAccount')}</Link>
        </DropdownMenu.Item>
      )}
      <DropdownMenu.Item className="menu__item" onSelect={onLogout}>
        {t('account.logout')}
      </DropdownMenu.Item>
    </MenuFrame>
  );
}

/**
 * "Review reports" for the community's moderators, and (issue #28 item 3) for anyone who moderates
 * or administers a group: read only while the menu is open, from the groups on the device.
 */
function ModerationItem({ isModerator }: { isModerator: boolean }) {
  const { t } = useTranslation();
  // My groups' live read, shared with the group screens and the composer (no chunk of its own for this).
  const groups = useMyGroups();
  const moderatesAGroup = groups?.some(isModeratedByMe) === true;
  if (!isModerator && !moderatesAGroup) return null;
  return (
    <DropdownMenu.Item className="menu__item" asChild>
      <Link to="/moderation">{t('moderation.menuLink')}</Link>
    </DropdownMenu.Item>
  );
}
