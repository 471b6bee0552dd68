// The community feed as a windowed list (issue #5 'long feeds'), with SPEC §4 feed collapsing:
// a folded group shows its newest post and a control that unfolds the others right below it.
import { useCallback, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollapsedPost } from '../db/queries';
import { VirtualList, type VirtualListApi } from '../components/virtual-list';
import { FeedPost } from './-feed-post';
import { feedRows, type FeedRow } from './-feed-rows';

// A card without a long text is about this tall at 100% text on a phone; measured on render.
const ESTIMATED_ROW_PX = 190;
const estimateRow = (row: FeedRow) => ESTIMATED_ROW_PX + (row.fold ? 48 : 0) + Math.min(row.post.text.length, 600) * 0.35;
const rowKey = (row: FeedRow) => row.key;

type FeedListProps = {
  feed: readonly CollapsedPost[];
  labelledBy: string;
  onEndReached: () => void;
  apiRef: RefObject<VirtualListApi | null>;
};

export function FeedList({ feed, labelledBy, onEndReached, apiRef }: FeedListProps) {
  const [openGroups, setOpenGroups] = useState<ReadonlySet<number>>(() => new Set());
  const rows = useMemo(() => feedRows(feed, openGroups), [feed, openGroups]);
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

function FeedRowView({ row, onToggle }: { row: FeedRow; onToggle: (headId: number) => void }) {
  const { t } = useTranslation();
  const { post, fold } = row;
  const name = post.user.name || post.user.username;
  return (
    <div className={row.isInGroup ? 'feed-row feed-row--grouped' : 'feed-row'}>
      <FeedPost post={post} />
      {fold && (
        <button type="button" className="feed-fold" aria-expanded={fold.isOpen} onClick={() => onToggle(post.id)}>
          {fold.isOpen
            ? t('feedScreen.hideGroup', { count: fold.count, name })
            : t('feedScreen.showGroup', { count: fold.count, name })}
        </button>
      )}
    </div>
  );
}
