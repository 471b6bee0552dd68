// Requests to join a group, on its settings screen for its admins (issue #28 item 2; docs/product.md
// §11 'Joining'): who asked, oldest first, each with Approve and Decline ('group.decideRequest'
// through the outbox). A decided request leaves the list at once; approved, the person joins the
// member list when the server confirms. Not a route (the '-' prefix keeps the router out).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoinDecision } from '../../common/group-contract';
import type { ShownGroup } from '../db/group-reads';
import type { GroupAdminView, ShownJoinRequest } from '../db/group-admin-reads';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { personName } from '../i18n/person-name';
import { useBanner } from '../components/banner-provider';

const decideJoinRequest = lazyCommand('decideJoinRequest');

/** `failed`: the last reading of the group's lists got no answer (offline). */
export function GroupRequests({ group, view, failed }: { group: ShownGroup; view: GroupAdminView | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const banner = useBanner();
  const headingId = useId();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const requests = view?.requests ?? null;
  const decide = (request: ShownJoinRequest, decision: JoinDecision) => {
    void decideJoinRequest(group.id, request, decision).catch((err: unknown) =>
      banner.show({ kind: 'error', text: bannerMessage(err, t, t('groups.admin.failed')) }),
    );
  };
  return (
    <section className="group-admin__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="lists__subheading">
        {t('groups.admin.requests.heading')}
      </h2>
      {requests === null && group.id > 0 && <p className="feed__note">{failed ? t('groups.admin.requests.loadFailed') : t('groups.admin.loading')}</p>}
      {requests?.length === 0 && <p className="feed__note">{t('groups.admin.requests.none')}</p>}
      {requests && requests.length > 0 && (
        <ul className="group-admin__members">
          {requests.map((request) => (
            <li key={request.id} className="group-admin__member">
              <span className="group-admin__member-name">
                {t('groups.admin.requests.asked', { name: personName(request.user, t) })}{' '}
                <time dateTime={request.created_at}>{day.format(new Date(request.created_at))}</time>
              </span>
              <button
                type="button"
                className="button button--primary"
                aria-label={t('groups.admin.requests.approveOf', { name: personName(request.user, t) })}
                onClick={() => decide(request, 'approve')}
              >
                {t('groups.admin.requests.approve')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('groups.admin.requests.declineOf', { name: personName(request.user, t) })}
                onClick={() => decide(request, 'decline')}
              >
                {t('groups.admin.requests.decline')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
