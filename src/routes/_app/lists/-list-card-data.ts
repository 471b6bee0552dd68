// A list as the presentational ListCard shows it (docs/product.md §3 List: config.qtd, qtd).
import { VISIBILITY } from '../../../../common/contract';
import type { ShownList } from '../../../db/shown-lists';
import type { ListCardData } from '../../../components/list-card';

export function toListCard(list: ShownList): ListCardData {
  return {
    id: list.id,
    name: list.name,
    description: list.description,
    itemCount: list.shownItemCount,
    peopleCount: list.qtd,
    isPublic: list.visibility === VISIBILITY.PUBLIC,
    ownerName: list.is_mine ? null : (list.user?.name ?? null),
    isPending: list.isPending,
  };
}
