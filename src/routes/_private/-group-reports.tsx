// The moderation screen's section of one group I moderate (issue #28 item 3; docs/product.md §11
// 'Reports in a group'): its queue as last read here (GET group/{id}/reports through the engine's
// `groupReports` pull, when the screen opens online and after my decisions are acknowledged) with
// my waiting decisions laid over it (src/db/group-moderation-reads.ts). Each decision is the
// outbox op 'group.moderate', so it works offline and is sent like any other change.
import { useEffect, useState } from 'react';
// The sections' words (`moderation.groups`), added to i18next as this module loads: they come with
// the screen's lazily loaded chunk, before it renders, and with no first load
// (docs/decisions/0198-a-group-s-reports-in-the-moderation-screen.md). Here, not in the route file:
// a route file's side-effect imports stay in the part of it the first load carries.
import '../../i18n/group-moderation-texts';
import { useTranslation } from 'react-i18next';
import { decideGroupReport } from '../../commands';
import type { GroupReportsView } from '../../db/group-moderation-reads';
import { pulls } from '../../sync/client';
import { ReportedItem } from './-reported-item';

/** Pulls when the section shows online and after each change of its pending decisions (acks); false once a pull has failed. */
function useGroupReportsPull(groupId: number, isOnline: boolean, pendingCount: number): boolean {
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    if (!isOnline || pendingCount > 0) return;
    let isCurrent = true;
    pulls.groupReports(groupId)
      .then((result) => isCurrent && setFailed(!result.ok))
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [groupId, isOnline, pendingCount]);
  return isFailed;
}

export function GroupReports({ view, isOnline }: { view: GroupReportsView; isOnline: boolean }) {
  const { t } = useTranslation();
  const { group, items, pending, total } = view;
  const pendingCount = Object.keys(pending).length;
  const isFailed = useGroupReportsPull(group.id, isOnline, pendingCount);
  const headingId = `moderation-group-${group.id}`;
  return (
    <section className="moderation__group" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('moderation.groups.heading', { name: group.name })}</h2>
      <p>{t('moderation.groups.intro')}</p>
      {pendingCount > 0 && <p role="status">{t('moderation.pendingCount', { count: pendingCount })}</p>}
      {isOnline && isFailed && <p className="statistics__note">{t('moderation.groups.failed')}</p>}
      {items === null && <p role="status">{isOnline && !isFailed ? t('moderation.loading') : t('moderation.groups.notRead')}</p>}
      {items?.length === 0 && <p role="status">{t('moderation.groups.none')}</p>}
      {items && items.length > 0 && (
        <ul className="moderation__list">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <ReportedItem item={item} queue={`group-${group.id}`} level={3} onDecide={(action) => decideGroupReport(group.id, item, action)} />
            </li>
          ))}
        </ul>
      )}
      {items && total > items.length + pendingCount && <p>{t('moderation.more', { count: total - items.length - pendingCount })}</p>}
    </section>
  );
}
