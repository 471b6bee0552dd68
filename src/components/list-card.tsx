// One prayer list as a card: its name (a link to the list), its description and a meta line the
// caller fills (the /lists overview: how many prayers and how many people prayed, docs/product.md
// §3 List: config.qtd, qtd; a group's page: its own count). Presentational.
import type { ReactNode } from 'react';
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

type ListCardProps = {
  list: Pick<ListCardData, 'id' | 'name' | 'description'>;
  /** What the meta line says. */
  meta: ReactNode;
  /** A line under the meta line (the overview's "waiting to sync"). */
  note?: ReactNode;
  /** The card's element: an article in the overview's list item, the list item itself on a group's page. */
  as?: 'article' | 'li';
};

export function ListCard({ list, meta, note, as: Card = 'article' }: ListCardProps) {
  return (
    <Card className="list-card">
      <h3 className="list-card__name">
        <Link to="/lists/$listId" params={{ listId: String(list.id) }}>
          {list.name}
        </Link>
      </h3>
      {list.description && <p className="list-card__description">{list.description}</p>}
      <p className="list-card__meta">{meta}</p>
      {note}
    </Card>
  );
}

/** A list in the /lists overview: its counts, its owner (someone else's) and who sees it. */
export function OverviewListCard({ list }: { list: ListCardData }) {
  const { t } = useTranslation();
  const meta = (
    <>
      <span>{t('lists.itemCount', { count: list.itemCount })}</span>
      {list.peopleCount > 0 && <span>{t('lists.peopleCount', { count: list.peopleCount })}</span>}
      {list.ownerName !== null && <span>{t('lists.byAuthor', { name: list.ownerName })}</span>}
      <span className="badge lists-badge">{list.isPublic ? t('lists.public') : t('lists.private')}</span>
    </>
  );
  return <ListCard list={list} meta={meta} note={list.isPending && <p className="post-card__pending">{t('lists.pending')}</p>} />;
}
