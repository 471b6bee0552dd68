// The community feed as a windowed list (issue #5 'long feeds'), with docs/product.md §4 feed collapsing:
// a folded group shows its newest post and a control that unfolds the others right below it.
// Issue #10: a row holds an id; its card reads its own post, so a pray repaints one card and
// re-runs no feed query.
import { memo, useCallback, useMemo, useState, type RefObject } from 'react';
import { useT } from '../i18n/use-t';
import { usePost } from '../db/post-queries';
import type { FeedItem } from '../db/feed-reads';
import { VirtualList, type VirtualListApi } from '../components/virtual-list';
import { FeedPost } from './-feed-post';
import { feedRows, keepKeys, type FeedRow } from './-feed-rows';
import { personName } from '../i18n/person-name';

// A card without a long text is about this tall at 100% text on a phone; rows are measured as
// they render, so a constant first guess costs nothing per row (issue #10: no per-row estimate).
const ESTIMATED_ROW_PX = 210;
const estimateRow = () => ESTIMATED_ROW_PX;
const rowKey = (row: FeedRow) => row.key;

type FeedListProps = {
  items: readonly FeedItem[];
  /** Rows of the whole feed when `items` is a window of it (the rows an unfolded group adds on top). */
  setSize: number;
  labelledBy: string;
  onEndReached: () => void;
  apiRef: RefObject<VirtualListApi | null>;
};

export function FeedList({ items, setSize, labelledBy, onEndReached, apiRef }: FeedListProps) {
  const [openGroups, setOpenGroups] = useState<ReadonlySet<number>>(() => new Set());
  const fresh = useMemo(() => feedRows(items, openGroups), [items, openGroups]);
  // The rows of the last render, to keep a shared post's row when it gets its real id (keepKeys).
  const [shown, setShown] = useState({ source: fresh, rows: fresh });
  const rows = shown.source === fresh ? shown.rows : keepKeys(shown.rows, fresh);
  if (shown.source !== fresh) setShown({ source: fresh, rows });
  const toggle = useCallback((headId: number) => {
    setOpenGroups((prev) => {
      const next = new Set(prev);
      if (!next.delete(headId)) next.add(headId);
      return next;
    });
  }, []);
  const renderRow = useCallback((row: FeedRow) => <FeedRowView row={row} onToggle={toggle} />, [toggle]);
  return (
    <VirtualList
      items={rows}
      setSize={setSize + rows.length - items.length}
      itemKey={rowKey}
      renderItem={renderRow}
      estimateSize={estimateRow}
      labelledBy={labelledBy}
      className="feed__list"
      gap={12}
      onEndReached={onEndReached}
      apiRef={apiRef}
    />
  );
}

type FeedRowViewProps = { row: FeedRow; onToggle: (headId: number) => void };

/** Memoized on the row's own values: a new window (a new post above) re-renders no card. */
const FeedRowView = memo(
  function FeedRowView({ row, onToggle }: FeedRowViewProps) {
    const { t } = useT();
    const post = usePost(row.id);
    const className = row.isInGroup ? 'feed-row feed-row--grouped' : 'feed-row';
    // Undefined while the card's first read runs (a frame at most); null if it left the store.
    if (!post) return <div className={className} style={{ minHeight: ESTIMATED_ROW_PX }} aria-busy="true" />;
    const { fold } = row;
    const name = personName(post.user, t);
    return (
      <div className={className}>
        <FeedPost post={post} />
        {fold && (
          <button type="button" className="feed-fold" aria-expanded={fold.isOpen} onClick={() => onToggle(row.id)}>
            {fold.isOpen ? t('feedScreen.hideGroup', { count: fold.count, name }) : t('feedScreen.showGroup', { count: fold.count, name })}
          </button>
        )}
      </div>
    );
  },
  (prev, next) =>
    prev.onToggle === next.onToggle &&
    prev.row.id === next.row.id &&
    prev.row.isInGroup === next.row.isInGroup &&
    prev.row.fold?.count === next.row.fold?.count &&
    prev.row.fold?.isOpen === next.row.fold?.isOpen,
);
