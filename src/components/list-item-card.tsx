// One prayer of a list: title, text, Bible reference, pray (with the count) and bookmark, a link to
// its notes and comments, and the docs/product.md §4 actions menu. Presentational: the screen passes values,
// the menu entries it may offer and the actions.
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PrayOutcome } from '../commands/pray-gate';
import { BookmarkIcon } from './icons';
import { PrayButton } from './pray-button';
import { ActionsDropdown, type DropdownEntry } from './actions-dropdown';

export type ListItemCardData = {
  id: number;
  listId: number;
  title: string | null;
  text: string;
  reference: string | null;
  prayedCount: number;
  isPrayed: boolean;
  isBookmarked: boolean;
  isArchived: boolean;
  /** Changed here and not yet acknowledged (prays aside: hasUnsentPrays shows them on the button). */
  isPending: boolean;
  hasUnsentPrays?: boolean;
};

type ListItemCardProps = {
  item: ListItemCardData;
  menu: DropdownEntry[];
  /** What the tap did, null when it failed (src/components/pray-button.tsx). */
  onPray: () => Promise<PrayOutcome | null>;
  onToggleBookmark: () => void;
  /** False on the item's own screen, where the card is the page. */
  hasDetailLink?: boolean;
  /** 1 on the item's own screen (its title is the page's heading); 3 inside a list. */
  headingLevel?: 1 | 3;
};

/** The name a control of the item is labelled with: its title, else the start of its text. */
export function itemName(item: Pick<ListItemCardData, 'title' | 'text'>): string {
  if (item.title) return item.title;
  return item.text.length > 60 ? `${item.text.slice(0, 57)}…` : item.text;
}

export function ListItemCard({ item, menu, onPray, onToggleBookmark, hasDetailLink = true, headingLevel = 3 }: ListItemCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = itemName(item);
  const Heading = headingLevel === 1 ? 'h1' : 'h3';
  return (
    <article className="list-item" aria-labelledby={headingId} data-archived={item.isArchived || undefined}>
      <header className="list-item__head">
        <Heading id={headingId} className="list-item__title">
          {name}
        </Heading>
        {item.isArchived && <span className="badge lists-badge">{t('lists.item.archivedBadge')}</span>}
        <ActionsDropdown label={t('lists.item.menu', { name })} entries={menu} />
      </header>
      {item.title && <p className="list-item__text">{item.text}</p>}
      {!item.title && item.text !== name && <p className="list-item__text">{item.text}</p>}
      {item.reference && <p className="list-item__reference">{item.reference}</p>}
      {item.isPending && <p className="post-card__pending">{t('lists.pending')}</p>}
      <footer className="post-card__actions">
        {!item.isArchived && (
          <>
            <PrayButton
              verb="pray"
              count={item.prayedCount}
              isPrayed={item.isPrayed}
              isWaiting={item.hasUnsentPrays ?? false}
              subject={name}
              onPray={onPray}
            />
            <button
              type="button"
              className="icon-button bookmark-button"
              aria-pressed={item.isBookmarked}
              aria-label={t('lists.item.bookmarkAria', { name })}
              onClick={onToggleBookmark}
            >
              <BookmarkIcon filled={item.isBookmarked} />
            </button>
          </>
        )}
        {hasDetailLink && !item.isArchived && (
          <Link
            className="list-item__open"
            to="/lists/$listId/item/$itemId"
            params={{ listId: String(item.listId), itemId: String(item.id) }}
            aria-label={t('a11y.itemOpen', { open: t('lists.item.open'), name })}
          >
            {t('lists.item.open')}
          </Link>
        )}
      </footer>
    </article>
  );
}
