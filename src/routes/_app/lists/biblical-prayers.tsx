// '/lists/biblical-prayers' (docs/product.md §2: application layout, welcome check): the channel's
// biblical prayers list (a system list with no owner, so no actions menu), prayed and bookmarked like
// any list item. Pulled when the screen opens; the prefetch keeps it offline. Scripture, read-only:
// open to guests as its session on Pray is (issue #49, review m7), unlike the lists people make.
import { useEffect } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBiblicalPrayers } from '../../../db/list-queries';
import { pulls } from '../../../sync/client';
import { FlameIcon } from '../../../components/icons';
import { useItemActions } from './-item-actions';
import { ItemList } from './-item-list';
import { ListsBack } from './-lists-back';

export const Route = createFileRoute('/_app/lists/biblical-prayers')({ component: BiblicalPrayersScreen });

function BiblicalPrayersScreen() {
  const { t } = useTranslation();
  const items = useBiblicalPrayers();
  const actions = useItemActions();
  useEffect(() => {
    void pulls.biblicalPrayers();
  }, []);
  return (
    <section className="lists" aria-labelledby="biblical-heading">
      <title>{`${t('lists.biblical.title')} · ${t('app.name')}`}</title>
      <ListsBack />
      <h1 id="biblical-heading" className="feed__heading">
        {t('lists.biblical.heading')}
      </h1>
      <p className="lists__lead">{t('lists.biblical.lead')}</p>
      {items && items.length > 0 && (
        <div className="lists__toolbar">
          <Link className="button button--primary" to="/session" search={{ source: 'biblical' }}>
            <FlameIcon />
            <span>{t('lists.list.pray')}</span>
          </Link>
        </div>
      )}
      {!items && <p className="feed__note">{t('lists.loading')}</p>}
      {items?.length === 0 && <p className="feed__note">{t('lists.biblical.empty')}</p>}
      {items && items.length > 0 && <ItemList items={items} actions={actions} labelledBy="biblical-heading" />}
      {actions.dialogs}
    </section>
  );
}
