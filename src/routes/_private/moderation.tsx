// '/moderation' (issue #11): the review screen of moderators, the members named in the server's
// MODERATOR_EMAILS (useSession().user.is_moderator; reached from the account menu). The queue is
// pulled by the worker into the local store when the screen opens and read live with this
// device's pending decisions on top (src/db/moderation-reads.ts); each decision is an outbox op
// ('moderation.decide'), so it works offline and is sent like any other change.
// Issue #28 item 3 (docs/product.md §11 'Reports in a group'): a moderator or admin of groups
// reviews each group's reports here too, a section per group (./-group-reports.tsx), whether or
// not they moderate the community; the community's queue never lists a group's reports. The
// groups' words come with the screen's chunk (./-group-reports.tsx imports them; out of the first load).
import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { decideReport } from '../../commands';
import { useModerationQueue } from '../../db/account-queries';
import { useGroupReports } from '../../db/group-moderation-queries';
import { useSession } from '../../db/queries';
import { pulls } from '../../sync/client';
import { useOnline } from '../../state/online';
import { GroupReports } from './-group-reports';
import { ReportedItem } from './-reported-item';

export const Route = createFileRoute('/_private/moderation')({ component: ModerationScreen });

/** Pulls when the screen opens online and after each change of the pending decisions (acks); false once a pull has failed. */
function useQueuePull(isOnline: boolean, pendingCount: number): boolean {
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    if (!isOnline || pendingCount > 0) return;
    let isCurrent = true;
    pulls.moderationQueue()
      .then((result) => isCurrent && setFailed(!result.ok))
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [isOnline, pendingCount]);
  return isFailed;
}

function ModerationScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const isModerator = session.kind === 'member' && session.user?.is_moderator === true;
  const groups = useGroupReports();
  const isOnline = useOnline();
  const hasGroups = (groups?.length ?? 0) > 0;
  return (
    <section className="moderation" aria-labelledby="moderation-heading">
      <title>{`${t('moderation.title')} · ${t('app.name')}`}</title>
      <h1 id="moderation-heading">{t('moderation.heading')}</h1>
      {!isModerator && groups === undefined && <p role="status">{t('moderation.loading')}</p>}
      {!isModerator && groups !== undefined && !hasGroups && <p role="status">{t('moderation.notModerator')}</p>}
      {(isModerator || hasGroups) && !isOnline && <p className="statistics__note">{t('moderation.offline')}</p>}
      {isModerator && <CommunityQueue isOnline={isOnline} hasGroups={hasGroups} />}
      {groups?.map((view) => <GroupReports key={view.group.id} view={view} isOnline={isOnline} />)}
    </section>
  );
}

/** The community's queue (community moderators only); under its own heading when group sections follow. */
function CommunityQueue({ isOnline, hasGroups }: { isOnline: boolean; hasGroups: boolean }) {
  const { t } = useTranslation();
  const queue = useModerationQueue();
  const pendingCount = queue ? Object.keys(queue.pending).length : 0;
  const isFailed = useQueuePull(isOnline, pendingCount);
  return (
    <section className="moderation__community" aria-labelledby={hasGroups ? 'moderation-community' : undefined}>
      {hasGroups && <h2 id="moderation-community">{t('moderation.groups.community')}</h2>}
      <p>{t('moderation.intro')}</p>
      {pendingCount > 0 && <p role="status">{t('moderation.pendingCount', { count: pendingCount })}</p>}
      {isOnline && isFailed && <p className="statistics__note">{t('moderation.failed')}</p>}
      {queue === undefined && <p role="status">{t('moderation.loading')}</p>}
      {queue === null && <p role="status">{isOnline && !isFailed ? t('moderation.loading') : t('moderation.none')}</p>}
      {queue && queue.items.length === 0 && <p role="status">{t('moderation.none')}</p>}
      {queue && queue.items.length > 0 && (
        <ul className="moderation__list">
          {queue.items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <ReportedItem item={item} queue="community" level={hasGroups ? 3 : 2} onDecide={(action) => decideReport(item, action)} />
            </li>
          ))}
        </ul>
      )}
      {queue && queue.total > queue.items.length + pendingCount && (
        <p>{t('moderation.more', { count: queue.total - queue.items.length - pendingCount })}</p>
      )}
    </section>
  );
}
