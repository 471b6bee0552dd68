// A windowed list over the page's own scroll (issue #5 'long feeds': render only what is on screen).
// Only the items in view plus `overscan` are in the DOM; row heights are measured as they render.
// What must stay true for users of assistive technology and the keyboard:
// - the container is a list and every rendered row a listitem carrying aria-setsize/aria-posinset,
//   so "item 512 of 10,000" is announced although only a few rows exist;
// - rows are in the DOM in index order, so Tab walks through them; the browser scrolls the next
//   focused control into view and the rows after it (overscan) are rendered before Tab reaches them;
// - the row holding focus stays rendered while the page scrolls away from it (focus is never lost
//   to <body> by a scroll);
// - once the page is scrolled into the list, rows prepended above (new posts) do not move what the
//   reader is looking at: the virtualizer's end anchoring keeps the row in view where it was.
//   At the top of the list, prepended rows simply appear above.
import {
  useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState,
  type FocusEvent, type ReactNode, type RefObject,
} from 'react';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';

/** Imperative calls a screen may need (e.g. after loading new posts at the top). */
export type VirtualListApi = {
  /** Scrolls the page so the row is in view (the top of the page for index 0) and focuses it. */
  focusItem: (index: number) => void;
};

type VirtualListProps<T> = {
  items: readonly T[];
  /** A stable key per item: it keys measured heights and the scroll anchor across updates. */
  itemKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** A first guess of a row's height in px, before it is measured. */
  estimateSize: (item: T, index: number) => number;
  /** Accessible name of the list: the id of a visible label (preferred) or a text. */
  labelledBy?: string;
  label?: string;
  className?: string;
  rowClassName?: string;
  /** The size of the whole set when `items` is a window of it (aria-setsize); default items.length. */
  setSize?: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan?: number;
  /** Space between rows in px (rows are absolutely placed, so CSS gap does not apply). */
  gap?: number;
  /** Called when the last `endThreshold` rows are rendered (infinite loading). */
  onEndReached?: () => void;
  endThreshold?: number;
  apiRef?: RefObject<VirtualListApi | null>;
};

/** The list's distance from the top of the document: the virtualizer's scrollMargin. */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  const measure = useCallback(() => {
    const node = ref.current;
    if (!node) return;
    const next = Math.round(node.getBoundingClientRect().top + window.scrollY);
    setTop((prev) => (prev === next ? prev : next));
  }, [ref]);
  // Content above the list (toolbar, a new-posts control, 200% text) may change its place: such a
  // change changes the page's height, which a ResizeObserver reports after layout. Measuring after
  // every render instead forced a layout in each scrolled frame (bench SCROLL: 3.4% of its time).
  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [measure]);
  return top;
}

function focusRow(list: HTMLElement | null, index: number, attempts = 10): void {
  const row = list?.querySelector<HTMLElement>(`[data-index="${String(index)}"]`);
  if (row) {
    row.focus({ preventScroll: true });
    return;
  }
  // The row renders after the scroll lands; try again on the next frames.
  if (attempts > 0) requestAnimationFrame(() => focusRow(list, index, attempts - 1));
}

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, itemKey, renderItem, estimateSize, overscan = 6, gap = 0, onEndReached, endThreshold = 3 } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const focusedKey = useRef<string | number | null>(null);
  const scrollMargin = useDocumentTop(listRef);

  const indexOfKey = useCallback(
    (key: string | number | null): number => (key === null ? -1 : items.findIndex((item) => itemKey(item) === key)),
    [items, itemKey],
  );
  // The focused row stays rendered wherever the page is scrolled (kept sorted: DOM order = index order).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const focused = indexOfKey(focusedKey.current);
      if (focused < 0 || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [indexOfKey],
  );
  // Stable between renders: the virtualizer recomputes every row's offset when these change.
  const estimateAt = useCallback(
    (index: number) => {
      const item = items[index];
      return item === undefined ? 0 : estimateSize(item, index);
    },
    [items, estimateSize],
  );
  const keyAt = useCallback(
    (index: number) => {
      const item = items[index];
      return item === undefined ? index : itemKey(item);
    },
    [items, itemKey],
  );
  // Anchor to the row in view only once the reader has scrolled into the list (see the top).
  const isScrolledIntoList = typeof window !== 'undefined' && window.scrollY > scrollMargin;
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: estimateAt,
    getItemKey: keyAt,
    overscan,
    gap,
    scrollMargin,
    rangeExtractor,
    anchorTo: isScrolledIntoList ? 'end' : 'start',
    followOnAppend: false,
  });

  useImperativeHandle(
    props.apiRef,
    () => ({
      focusItem: (index: number) => {
        if (index === 0) window.scrollTo({ top: 0, behavior: 'auto' });
        else virtualizer.scrollToIndex(index, { align: 'center', behavior: 'auto' });
        focusRow(listRef.current, index);
      },
    }),
    [virtualizer],
  );

  const virtualItems = virtualizer.getVirtualItems();
  const lastRendered = virtualItems.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEndReached && items.length > 0 && lastRendered >= items.length - 1 - endThreshold) onEndReached();
  }, [onEndReached, lastRendered, items.length, endThreshold]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const index = Number(event.currentTarget.dataset.index);
    const item = items[index];
    if (item !== undefined) focusedKey.current = itemKey(item);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!listRef.current?.contains(event.relatedTarget)) focusedKey.current = null;
  };

  return (
    <div
      ref={listRef}
      role="list"
      aria-labelledby={props.labelledBy}
      aria-label={props.labelledBy ? undefined : props.label}
      className={['virtual-list', props.className].filter(Boolean).join(' ')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualItems.map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <div
            key={row.key.toString()}
            ref={virtualizer.measureElement}
            role="listitem"
            aria-setsize={Math.max(props.setSize ?? 0, items.length)}
            aria-posinset={row.index + 1}
            data-index={row.index}
            tabIndex={-1}
            className={['virtual-list__row', props.rowClassName].filter(Boolean).join(' ')}
            style={{ transform: `translateY(${String(row.start - scrollMargin)}px)` }}
            onFocus={onFocus}
            onBlur={onBlur}
          >
            {renderItem(item, row.index)}
          </div>
        );
      })}
    </div>
  );
}
