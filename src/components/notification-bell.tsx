// The header bell (issue #6): a link to /notifications whose accessible name carries the unread
// count; the badge is decorative (the name says it), capped at 99+ so it keeps its size.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function BellIcon({ size = 20 }: { size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </svg>
  );
}

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
