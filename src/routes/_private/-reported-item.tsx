// One reported post or comment of the review screen (issue #11; docs/product.md §4 'Reports and
// moderation'): who wrote it, its words, whether it is hidden, the reports and their reasons and
// details, and the three decisions. The community's queue and each group's (issue #28 item 3,
// ./-group-reports.tsx) show it alike; only the command behind the decision differs.
import { useTranslation } from 'react-i18next';
import type { ApiReportedItem, ModerationAction } from '../../../common/moderation-contract';
import { VISIBILITY } from '../../../common/contract';
import { bannerMessage } from '../../components/api-error';
import { useBanner } from '../../components/banner-provider';
import { personName } from '../../i18n/person-name';

const ACTIONS: ModerationAction[] = ['keep', 'restore', 'remove'];

type ReportedItemProps = {
  item: ApiReportedItem;
  /** The queue it is in, for unique ids ('community' or 'group-5'). */
  queue: string;
  /** h2 when the screen shows one queue, h3 under a queue's own heading. */
  level: 2 | 3;
  onDecide: (action: ModerationAction) => Promise<void>;
};

export function ReportedItem({ item, queue, level, onDecide }: ReportedItemProps) {
  const { t } = useTranslation();
  const banner = useBanner();
  const headingId = queue === 'community' ? `moderation-${item.kind}-${item.id}` : `moderation-${queue}-${item.kind}-${item.id}`;
  const reasons = item.reasons.map((r) => `${t(`moderation.reason_${r.type}`)} (${r.count})`).join(', ');
  const Heading = level === 2 ? 'h2' : 'h3';
  const decide = (action: ModerationAction) =>
    void onDecide(action)
      .then(() => banner.show({ kind: 'success', text: t('moderation.decided') }))
      .catch((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) }));
  return (
    <article className="child-item" aria-labelledby={headingId}>
      <header className="child-item__head">
        <Heading id={headingId} className="child-item__meta">
          {t(item.kind === 'post' ? 'moderation.kindPost' : 'moderation.kindComment')} · {t('moderation.by', { name: personName(item.author, t) })}
        </Heading>
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
