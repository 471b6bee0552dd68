// The screens' live reads of lists and their items (docs/product.md §2 /lists...), over
// src/db/list-reads.ts. Every querier is an async function: several of the reads await more than
// one table, and Dexie keeps tracking after the first await only then.
import { useLiveRead } from './live-read';
import {
  readBiblicalPrayers, readBookmarkedItems, readCommunityLists, readItemComments, readItemNotes, readList, readListItem,
  readListItems, readMyLists,
} from './list-reads';
import type { ShownItemComment, ShownItemNote, ShownList, ShownListItem } from './shown-lists';

/** The viewer's own lists, newest change first; undefined while loading. */
export function useMyLists(): ShownList[] | undefined {
  return useLiveRead(async () => readMyLists(), []);
}

/** Others' public lists of the current channel, most prayed first. */
export function useCommunityLists(): ShownList[] | undefined {
  return useLiveRead(async () => readCommunityLists(), []);
}

/** One list (temporary ids followed): undefined while loading, null if not held locally. */
export function useList(id: number): ShownList | null | undefined {
  return useLiveRead(async () => readList(id), [id]);
}

/** A list's active items in list order, or (archived) its archived ones (docs/product.md §4). */
export function useListItems(listId: number, options: { archived?: boolean } = {}): ShownListItem[] | undefined {
  const archived = options.archived ?? false;
  return useLiveRead(async () => readListItems(listId, archived), [listId, archived]);
}

export function useListItem(id: number): ShownListItem | null | undefined {
  return useLiveRead(async () => readListItem(id), [id]);
}

/** The current channel's biblical prayers, in order. */
export function useBiblicalPrayers(): ShownListItem[] | undefined {
  return useLiveRead(async () => readBiblicalPrayers(), []);
}

export function useBookmarkedItems(): ShownListItem[] | undefined {
  return useLiveRead(async () => readBookmarkedItems(), []);
}

/** The viewer's private notes on an item, oldest first. */
export function useItemNotes(itemId: number): ShownItemNote[] | undefined {
  return useLiveRead(async () => readItemNotes(itemId), [itemId]);
}

/** An item's comments, oldest first. */
export function useItemComments(itemId: number): ShownItemComment[] | undefined {
  return useLiveRead(async () => readItemComments(itemId), [itemId]);
}
