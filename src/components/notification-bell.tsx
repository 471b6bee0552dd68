// The header bell (issue #6): a link to /notifications whose accessible name carries the unread
// count; the badge is decorative (the name says it), capped at 99+ so it keeps its size. The same
// count goes on the installed app's icon where the browser can (issue #28 item 6, common/app-badge.ts).
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readUnreadNotifications } from '../db/notification-reads';
import { useLiveRead } from '../db/live-read';
import { BellIcon } from './icons';

/**
 * The stored unread count (meta.notificationsUnread, written by every pull, push-driven poll and
 * read), onto the app icon each time it changes; not before it has been read, so a start never
 * clears the icon's count for a moment. The module loads only where the browser has the API, and
 * outside the first load (issue #14's budget).
 */
function useAppBadge(): void {
  const stored = useLiveRead(readUnreadNotifications, []);
  useEffect(() => {
    if (stored === undefined || !('setAppBadge' in navigator)) return;
    import('../../common/app-badge').then((badge) => badge.showAppBadge(stored), () => undefined);
  }, [stored]);
}

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  useAppBadge();
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
