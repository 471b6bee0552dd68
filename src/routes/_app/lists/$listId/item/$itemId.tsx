// '/lists/{listId}/item/{itemId}' (docs/product.md §2): one prayer of a list with its count, pray and
// bookmark, its actions menu (docs/product.md §4, owner only), the viewer's notes and the comments. Pulls
// the item, its comments and the viewer's notes when it opens; offline, what is held is shown.
import { useEffect } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useList, useListItem } from '../../../../../db/list-queries';
import { VISIBILITY } from '../../../../../../common/contract';
import { pulls } from '../../../../../sync/client';
import { ArrowLeftIcon } from '../../../../../components/icons';
import { ListItemCard, itemName } from '../../../../../components/list-item-card';
import { parseLocalIdParam } from '../../-list-params';
import { useRealIdAddress } from '../../-real-id-address';
import { toItemCard, useItemActions } from '../../-item-actions';
import { CommentsSection, NotesSection } from '../../-item-social';

export const Route = createFileRoute('/_app/lists/$listId/item/$itemId')({
  // Ids that are not ids fail route validation: page-not-found (docs/product.md §2, §8).
  beforeLoad: ({ params }) => {
    parseLocalIdParam(params.listId);
    parseLocalIdParam(params.itemId);
  },
  component: ItemScreen,
});

function ItemScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = Route.useParams();
  const listId = parseLocalIdParam(params.listId);
  const itemId = parseLocalIdParam(params.itemId);
  const item = useListItem(itemId);
  const list = useList(item?.post_list_id ?? listId);
  const shownId = item?.id ?? itemId;
  useRealIdAddress({ listId, itemId }, { listId: item?.post_list_id, itemId: item?.id });
  const actions = useItemActions(() => void navigate({ to: '/lists/$listId', params: { listId: String(listId) } }));
  useEffect(() => {
    if (shownId > 0) void pulls.listItem(shownId);
  }, [shownId]);

  const back = (
    <Link to="/lists/$listId" params={{ listId: String(item?.post_list_id ?? listId) }} className="list-head__back">
      <ArrowLeftIcon />
      <span>{t('lists.detail.back')}</span>
    </Link>
  );
  if (item === undefined) return <p className="feed__note">{t('lists.loading')}</p>;
  if (item === null) {
    return (
      <section className="lists">
        {back}
        <h1 className="feed__heading">{t('lists.detail.notFound')}</h1>
      </section>
    );
  }
  return (
    <section className="lists">
      <title>{`${itemName(item)} · ${t('app.name')}`}</title>
      {back}
      {/* The card is the screen's heading (h1) and says its own count: no count line above it (issue #26 point 5). */}
      <ListItemCard
        item={toItemCard(item)}
        menu={actions.menuFor(item)}
        onPray={() => actions.pray(item)}
        onToggleBookmark={() => actions.toggleBookmark(item)}
        hasDetailLink={false}
        headingLevel={1}
      />
      {actions.dialogs}
      {/* An archived item takes no new notes or comments until restored (docs/api.md Archived items). */}
      {!item.isArchived && <NotesSection itemId={item.id} />}
      {/* Comments are for lists others can see: a private list's item has none (issue #26 point 5). */}
      {!item.isArchived && list?.visibility === VISIBILITY.PUBLIC && <CommentsSection item={item} />}
    </section>
  );
}
