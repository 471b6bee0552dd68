// '/notifications' (docs/product.md §2, private layout; issue #6): the signed-in account's notifications,
// grouped by day, newest first, unread ones marked. The worker pulls the first page when the
// screen opens online; the list itself is a live query, so it reads offline too. Opening one
// marks it read (a command, through the outbox) and goes to its post.
import { useEffect, useState } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { markAllNotificationsRead, markNotificationRead } from '../../commands';
import { useNotifications } from '../../db/account-queries';
import type { ShownNotification } from '../../db/notification-reads';
import { pulls } from '../../sync/client';
import { NotificationItem } from '../../components/notification-item';
import { formatDay } from '../../i18n/format';
import { loadLaterTexts } from '../../i18n/load-later-texts';
import { useOnline } from '../../state/online';

// An update's sentence is a later text: awaited before the screen shows it (issue #49 major 1).
export const Route = createFileRoute('/_private/notifications')({ loader: loadLaterTexts, component: NotificationsScreen });

type PullState = { isFailed: boolean; lastPage: number; page: number };

/** Pulls page 1 when the screen opens online; `more` pulls the next page. */
function useNotificationsPull(isOnline: boolean): PullState & { more: () => void } {
  const [state, setState] = useState<PullState>({ isFailed: false, lastPage: 1, page: 1 });
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    pulls.notifications(1)
      .then((result) => isCurrent && setState(result.ok ? { isFailed: false, lastPage: result.lastPage, page: 1 } : (s) => ({ ...s, isFailed: true })))
      .catch(() => isCurrent && setState((s) => ({ ...s, isFailed: true })));
    return () => {
      isCurrent = false;
    };
  }, [isOnline]);
  const more = () => {
    const next = state.page + 1;
    void pulls.notifications(next).then((result) => {
      setState((s) => (result.ok ? { isFailed: false, lastPage: result.lastPage, page: next } : { ...s, isFailed: true }));
    });
  };
  return { ...state, more };
}

/** The local calendar day of a time, as YYYY-MM-DD. */
function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type DayGroup = { day: string; rows: ShownNotification[] };

function groupByDay(rows: ShownNotification[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const row of rows) {
    const day = localDay(row.updatedAtMs);
    const last = groups.at(-1);
    if (last?.day === day) last.rows.push(row);
    else groups.push({ day, rows: [row] });
  }
  return groups;
}

function useDayLabel(): (day: string) => string {
  const { t, i18n } = useTranslation();
  // The day the screen opened: labels do not shift while it stays open past midnight.
  const [now] = useState(() => Date.now());
  const today = localDay(now);
  const yesterday = localDay(now - 24 * 3600 * 1000);
  return (day) => (day === today ? t('notifications.today') : day === yesterday ? t('notifications.yesterday') : formatDay(day, i18n.language));
}

function NotificationsScreen() {
  const { t } = useTranslation();
  const rows = useNotifications();
  const isOnline = useOnline();
  const pull = useNotificationsPull(isOnline);
  const dayLabel = useDayLabel();
  const hasUnread = rows?.some((row) => !row.isRead) ?? false;
  return (
    <section className="notifications" aria-labelledby="notifications-heading">
      <title>{`${t('notifications.title')} · ${t('app.name')}`}</title>
      <div className="notifications__top">
        <h1 id="notifications-heading" className="notifications__heading">{t('notifications.heading')}</h1>
        {hasUnread && (
          <button type="button" className="button button--secondary notifications__mark-all" onClick={() => void markAllNotificationsRead()}>
            {t('notifications.markAll')}
          </button>
        )}
      </div>
      {!isOnline && <p className="notifications__note">{t('notifications.offline')}</p>}
      {isOnline && pull.isFailed && <p className="notifications__note" role="status">{t('notifications.failed')}</p>}
      {rows === undefined && <p role="status">{t('notifications.loading')}</p>}
      {rows?.length === 0 && (
        <div className="notifications__empty" data-testid="notifications-empty">
          <h2>{t('notifications.emptyTitle')}</h2>
          <p>{t('notifications.emptyBody')}</p>
          {/* Issue #12 item 9: an empty state offers the next step. */}
          <Link to="/community" className="button button--secondary">
            {t('notifications.emptyAction')}
          </Link>
        </div>
      )}
      {rows !== undefined && rows.length > 0 && groupByDay(rows).map((group) => (
        <section key={group.day} className="notifications__day" aria-label={dayLabel(group.day)}>
          <h2 className="notifications__day-heading">{dayLabel(group.day)}</h2>
          <ul className="notifications__list">
            {group.rows.map((row) => (
              <NotificationItem key={row.id} notification={row} isRead={row.isRead} onOpen={(id) => void markNotificationRead(id)} />
            ))}
          </ul>
        </section>
      ))}
      {isOnline && pull.page < pull.lastPage && (
        <button type="button" className="button button--quiet notifications__more" onClick={pull.more}>
          {t('notifications.more')}
        </button>
      )}
    </section>
  );
}
