// "Pray through this list" on /lists/bookmarks and /lists/my-prayers (issue #13 point 4): opens a
// guided session over it (/session?source=bookmarks|my-prayers), shown when it holds a request to pray for.
import { useTranslation } from 'react-i18next';
import { FlameIcon } from '../../../components/icons';
import { SessionStartLink } from '../../../session/start-link';

export function PrayThroughLink({ source }: { source: 'bookmarks' | 'my-prayers' }) {
  const { t } = useTranslation();
  return (
    <div className="lists__toolbar">
      <SessionStartLink className="button button--primary" search={{ source }}>
        <FlameIcon />
        <span>{t('guidedSession.pray.through')}</span>
      </SessionStartLink>
    </div>
  );
}
