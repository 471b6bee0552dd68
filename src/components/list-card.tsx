// One prayer list in the /lists overview: name (a link to the list), description, how many
// prayers and how many people prayed (docs/product.md §3 List: config.qtd, qtd). Presentational.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export type ListCardData = {
  id: number;
  name: string;
  description: string | null;
  itemCount: number;
  peopleCount: number;
  isPublic: boolean;
  /** The owner's name for someone else's list; null for one's own. */
  ownerName: string | null;
  isPending: boolean;
};

export function ListCard({ list }: { list: ListCardData }) {
  const { t } = useTranslation();
  return (
    <article className="list-card">
      <h3 className="list-card__name">
        <Link to="/lists/$listId" params={{ listId: String(list.id) }}>
          {list.name}
        </Link>
      </h3>
      {list.description && <p className="list-card__description">{list.description}</p>}
      <p className="list-card__meta">
        <span>{t('lists.itemCount', { count: list.itemCount })}</span>
        {list.peopleCount > 0 && <span>{t('lists.peopleCount', { count: list.peopleCount })}</span>}
        {list.ownerName !== null && <span>{t('lists.byAuthor', { name: list.ownerName })}</span>}
        <span className="badge lists-badge">{list.isPublic ? t('lists.public') : t('lists.private')}</span>
      </p>
      {list.isPending && <p className="post-card__pending">{t('lists.pending')}</p>}
    </article>
  );
}
