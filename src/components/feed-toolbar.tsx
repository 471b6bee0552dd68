// Feed filters (docs/product.md §2): by kind and by search text.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostKind } from '../../common/contract';
import { SearchIcon } from './icons';

export type FeedKindFilter = PostKind | 'ALL';

type FeedToolbarProps = {
  kind: FeedKindFilter;
  search: string;
  onKindChange: (kind: FeedKindFilter) => void;
  onSearchChange: (search: string) => void;
};

export function FeedToolbar({ kind, search, onKindChange, onSearchChange }: FeedToolbarProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const name = useId();
  const options: [FeedKindFilter, string][] = [
    ['ALL', t('feed.filterAll')],
    ['REQUEST', t('feed.filterRequests')],
    ['THANK', t('feed.filterThanks')],
  ];
  return (
    <div className="feed-toolbar">
      <div className="search-field">
        <label htmlFor={searchId} className="visually-hidden">
          {t('feed.search')}
        </label>
        <SearchIcon size={18} />
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder={t('feed.searchPlaceholder')}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      <fieldset className="chips">
        <legend className="visually-hidden">{t('feed.filterLabel')}</legend>
        {options.map(([value, label]) => (
          <label key={value} className="chip">
            <input
              type="radio"
              name={name}
              value={value}
              checked={kind === value}
              onChange={() => onKindChange(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
