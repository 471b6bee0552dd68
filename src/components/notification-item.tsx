// One grouped notification (issue #6): who did what on which request, when, and whether it is
// unread. The whole row is one link to the post; opening it marks it read (onOpen). A sent prayer
// reminder (issue #13) is a row too, a link to what it opens (a session, a post, a list item).
import type { ReactNode } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApiNotification, ApiPostNotification, ApiReminderNotification } from '../../common/notifications-contract';
import { RelativeTime } from './relative-time';
import { personName } from '../i18n/person-name';

type NotificationItemProps = { notification: ApiNotification; isRead: boolean; onOpen: (id: number) => void };

/** The sentence of a notification in the interface language (plurals through i18next). */
function useNotificationText(notification: ApiNotification): string {
  const { t } = useTranslation();
  if (notification.kind === 'reminder') return t('notifications.reminder');
  if (notification.kind === 'answered') return t('notifications.answered');
  // Issue #28 item 3: its words come after the first load (src/i18n/locales/areas/updates.ts 'later').
  if (notification.kind === 'post_update') return t('updates.later.notification');
  const name = notification.last_actor ? personName(notification.last_actor, t) : t('notifications.someone');
  // Issue #28 item 6: a new post in one of my groups, naming the group (anonymous: "Someone").
  if (notification.kind === 'group_post') return t('groupNotify.post', { name, group: notification.group?.name ?? '' });
  const others = notification.actor_count - 1;
  if (notification.kind === 'prayed') {
    return others > 0 ? t('notifications.prayedMore', { name, count: others }) : t('notifications.prayed', { name });
  }
  return others > 0 ? t('notifications.commentedMore', { name, count: others }) : t('notifications.commented', { name });
}

function RowBody({ notification, isRead, excerpt }: { notification: ApiNotification; isRead: boolean; excerpt: string }) {
  const { t } = useTranslation();
  const text = useNotificationText(notification);
  return (
    <>
      <span className={`notification__dot notification__dot--${notification.kind}`} aria-hidden="true" />
      <span className="notification__body">
        {!isRead && <span className="visually-hidden">{`${t('notifications.unread')}: `}</span>}
        <span className="notification__text">{text}</span>
        <span className="notification__excerpt">{excerpt}</span>
        <span className="notification__time">
          <RelativeTime iso={notification.updated_at} />
        </span>
      </span>
    </>
  );
}

function Row({ isRead, children }: { isRead: boolean; children: ReactNode }) {
  return (
    <li className={`notification${isRead ? '' : ' notification--unread'}`} data-testid="notification">
      {children}
    </li>
  );
}

function PostNotificationItem({ notification, isRead, onOpen }: NotificationItemProps & { notification: ApiPostNotification }) {
  return (
    <Row isRead={isRead}>
      <Link to="/community/post/$id" params={{ id: notification.post_id }} className="notification__link" onClick={() => onOpen(notification.id)}>
        <RowBody notification={notification} isRead={isRead} excerpt={notification.comment_excerpt ?? notification.post_excerpt} />
      </Link>
    </Row>
  );
}

/** The reminder's address is the server's (a same-origin app path): routed in the app like NAVIGATE_TO. */
function ReminderNotificationItem({ notification, isRead, onOpen }: NotificationItemProps & { notification: ApiReminderNotification }) {
  const router = useRouter();
  const href = notification.url.startsWith('/') ? notification.url : '/';
  return (
    <Row isRead={isRead}>
      <a
        href={href}
        className="notification__link"
        onClick={(event) => {
          event.preventDefault();
          onOpen(notification.id);
          router.history.push(href);
        }}
      >
        <RowBody notification={notification} isRead={isRead} excerpt={notification.label} />
      </a>
    </Row>
  );
}

export function NotificationItem(props: NotificationItemProps) {
  const { notification } = props;
  return notification.kind === 'reminder' ? (
    <ReminderNotificationItem {...props} notification={notification} />
  ) : (
    <PostNotificationItem {...props} notification={notification} />
  );
}
