// The items of a list view rendered through the windowed VirtualList (issue #5 long lists: only
// what is on screen is in the DOM), each wired to its commands through useItemActions.
import type { ShownListItem } from '../../../db/shown-lists';
import { ListItemCard } from '../../../components/list-item-card';
import { VirtualList } from '../../../components/virtual-list';
import { toItemCard, type ItemActions } from './-item-actions';

const ROW_ESTIMATE_PX = 180;
const ROW_GAP_PX = 12;

type ItemListProps = { items: ShownListItem[]; actions: ItemActions; labelledBy: string };

export function ItemList({ items, actions, labelledBy }: ItemListProps) {
  return (
    <VirtualList
      items={items}
      itemKey={(item) => item.id}
      estimateSize={() => ROW_ESTIMATE_PX}
      gap={ROW_GAP_PX}
      labelledBy={labelledBy}
      className="lists-items"
      renderItem={(item) => (
        <ListItemCard
          item={toItemCard(item)}
          menu={actions.menuFor(item)}
          onPray={() => actions.pray(item)}
          onToggleBookmark={() => actions.toggleBookmark(item)}
        />
      )}
    />
  );
}
