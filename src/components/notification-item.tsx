// One grouped notification (issue #6): who did what on which request, when, and whether it is
// unread. The whole row is one link to the post; opening it marks it read (onOpen).
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApiNotification } from '../../common/notifications-contract';
import { RelativeTime } from './relative-time';

export type NotificationItemProps = { notification: ApiNotification; isRead: boolean; onOpen: (id: number) => void };

/** The sentence of a notification in the interface language (plurals through i18next). */
export function useNotificationText(notification: ApiNotification): string {
  const { t } = useTranslation();
  if (notification.kind === 'answered') return t('notifications.answered');
  const name = notification.last_actor?.name ?? t('notifications.someone');
  const others = notification.actor_count - 1;
  if (notification.kind === 'prayed') {
    return others > 0 ? t('notifications.prayedMore', { name, count: others }) : t('notifications.prayed', { name });
  }
  return others > 0 ? t('notifications.commentedMore', { name, count: others }) : t('notifications.commented', { name });
}

export function NotificationItem({ notification, isRead, onOpen }: NotificationItemProps) {
  const { t } = useTranslation();
  const text = useNotificationText(notification);
  return (
    <li className={`notification${isRead ? '' : ' notification--unread'}`} data-testid="notification">
      <Link
        to="/community/post/$id"
        params={{ id: notification.post_id }}
        className="notification__link"
        onClick={() => onOpen(notification.id)}
      >
        <span className={`notification__dot notification__dot--${notification.kind}`} aria-hidden="true" />
        <span className="notification__body">
          {!isRead && <span className="visually-hidden">{`${t('notifications.unread')}: `}</span>}
          <span className="notification__text">{text}</span>
          <span className="notification__excerpt">{notification.post_excerpt}</span>
          <span className="notification__time">
            <RelativeTime iso={notification.updated_at} />
          </span>
        </span>
      </Link>
    </li>
  );
}
