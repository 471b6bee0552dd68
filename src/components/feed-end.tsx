// Issue #12 item 9: the end of the community feed, once the server's last page is here: it says
// so and offers the next step (a prayer time over these requests), instead of a list that stops.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function FeedEnd() {
  const { t } = useTranslation();
  return (
    <div className="feed-end" role="status">
      <p>{t('reporting.feedEnd')}</p>
      <Link to="/pray" className="button button--secondary">
        {t('reporting.feedEndPray')}
      </Link>
    </div>
  );
}
