// '/moderation' (issue #11): the review screen of moderators, the members named in the server's
// MODERATOR_EMAILS (useSession().user.is_moderator; reached from the account menu). The queue is
// pulled by the worker into the local store when the screen opens and read live with this
// device's pending decisions on top (src/db/moderation-reads.ts); each decision is an outbox op
// ('moderation.decide'), so it works offline and is sent like any other change.
import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApiReportedItem, ModerationAction } from '../../../common/moderation-contract';
import { VISIBILITY } from '../../../common/contract';
import { decideReport } from '../../commands';
import { bannerMessage } from '../../components/api-error';
import { useBanner } from '../../components/banner-provider';
import { useModerationQueue } from '../../db/account-queries';
import { useSession } from '../../db/queries';
import { pullModerationQueue } from '../../sync/client';
import { useOnline } from '../../state/online';
import { personName } from '../../i18n/person-name';

export const Route = createFileRoute('/_private/moderation')({ component: ModerationScreen });

/** Pulls when the screen opens online and after each change of the pending decisions (acks); false once a pull has failed. */
function useQueuePull(isOnline: boolean, isModerator: boolean, pendingCount: number): boolean {
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    if (!isOnline || !isModerator || pendingCount > 0) return;
    let isCurrent = true;
    pullModerationQueue()
      .then((result) => isCurrent && setFailed(!result.ok))
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [isOnline, isModerator, pendingCount]);
  return isFailed;
}

function ModerationScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const isModerator = session.kind === 'member' && session.user?.is_moderator === true;
  const queue = useModerationQueue();
  const isOnline = useOnline();
  const pendingCount = queue ? Object.keys(queue.pending).length : 0;
  const isFailed = useQueuePull(isOnline, isModerator, pendingCount);
  return (
    <section className="moderation" aria-labelledby="moderation-heading">
      <title>{`${t('moderation.title')} · ${t('app.name')}`}</title>
      <h1 id="moderation-heading">{t('moderation.heading')}</h1>
      {!isModerator ? (
        <p role="status">{t('moderation.notModerator')}</p>
      ) : (
        <>
          <p>{t('moderation.intro')}</p>
          {pendingCount > 0 && <p role="status">{t('moderation.pendingCount', { count: pendingCount })}</p>}
          {!isOnline && <p className="statistics__note">{t('moderation.offline')}</p>}
          {isOnline && isFailed && <p className="statistics__note">{t('moderation.failed')}</p>}
          {queue === undefined && <p role="status">{t('moderation.loading')}</p>}
          {queue === null && <p role="status">{isOnline && !isFailed ? t('moderation.loading') : t('moderation.none')}</p>}
          {queue && queue.items.length === 0 && <p role="status">{t('moderation.none')}</p>}
          {queue && queue.items.length > 0 && (
            <ul className="moderation__list">
              {queue.items.map((item) => (
                <li key={`${item.kind}:${item.id}`}>
                  <ReportedItem item={item} />
                </li>
              ))}
            </ul>
          )}
          {queue && queue.total > queue.items.length + pendingCount && (
            <p>{t('moderation.more', { count: queue.total - queue.items.length - pendingCount })}</p>
          )}
        </>
      )}
    </section>
  );
}

const ACTIONS: ModerationAction[] = ['keep', 'restore', 'remove'];

function ReportedItem({ item }: { item: ApiReportedItem }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const headingId = `moderation-${item.kind}-${item.id}`;
  const reasons = item.reasons.map((r) => `${t(`moderation.reason_${r.type}`)} (${r.count})`).join(', ');
  const decide = (action: ModerationAction) =>
    void decideReport(item, action)
      .then(() => banner.show({ kind: 'success', text: t('moderation.decided') }))
      .catch((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) }));
  return (
    <article className="child-item" aria-labelledby={headingId}>
      <header className="child-item__head">
        <h2 id={headingId} className="child-item__meta">
          {t(item.kind === 'post' ? 'moderation.kindPost' : 'moderation.kindComment')} · {t('moderation.by', { name: personName(item.author, t) })}
        </h2>
      </header>
      <p className="child-item__text">{item.text}</p>
      <p>
        {item.visibility === VISIBILITY.DENOUNCED ? t('moderation.isHidden') : t('moderation.isShown')}
        {' · '}
        {t('moderation.memberReports', { count: item.member_reports })}
        {' · '}
        {t('moderation.guestReports', { count: item.guest_reports })}
      </p>
      {reasons !== '' && <p>{t('moderation.reasons', { list: reasons })}</p>}
      {/* Issue #12: the reporters' own words; a queue pulled before them has none (older clients' meta). */}
      {(item.details ?? []).length > 0 && (
        <div className="moderation__details">
          <p>{t('reporting.moderationDetails')}</p>
          <ul>
            {(item.details ?? []).map((words, index) => (
              <li key={index}>{words}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="moderation__actions" role="group" aria-label={t('moderation.title')}>
        {ACTIONS.map((action) => (
          <button key={action} type="button" className="button" onClick={() => decide(action)}>
            {t(`moderation.${action}`)}
          </button>
        ))}
      </div>
    </article>
  );
}
