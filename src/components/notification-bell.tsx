// The header bell (issue #6): a link to /notifications whose accessible name carries the unread
// count; the badge is decorative (the name says it), capped at 99+ so it keeps its size.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BellIcon } from './icons';

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Link to="/notifications" className="icon-button notification-bell" aria-label={label} activeProps={{ 'aria-current': 'page' }}>
      <BellIcon />
      {unread > 0 && (
        <span className="notification-bell__badge" aria-hidden="true" data-testid="notification-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
