// Checks a command makes inside its transaction before it writes anything, for every kind of row
// (src/model/kinds.ts): the local row it acts on exists (an id a screen holds is followed from
// temporary to real), the viewer may act on it (the same rules the server applies, so a change
// that would be refused is not queued), and texts fit their limits, with the server's wording.
import type { ListItemRow, LocalTable } from '../model/types';
import { KINDS, type RowOf } from '../model/kinds';
import { currentId } from '../model/rows';
import { CommandError, fieldError } from './command-error';
import { isShownActive } from './ops/list-item-state';

// The banner wording for the statuses the UI maps (src/components/api-error.ts).
const NOT_FOUND = 'Content not found';
const FORBIDDEN = 'You do not have permission to access this content';

export function forbidden(): CommandError {
  return new CommandError(403, FORBIDDEN);
}

/** `owner`: only the row's owner may act; `others`: only someone else (a report). */
type Who = 'anyone' | 'owner' | 'others';

/**
 * The row as it is now (not deleted here), else a 404; `under`: it must belong to that parent
 * (a comment of this post); `who`: whose row it must be, else a 403.
 */
export async function requireRow<T extends LocalTable>(table: T, id: number, options: { under?: number; who?: Who } = {}): Promise<RowOf[T]> {
  const kind = KINDS[table];
  const row = await kind.table().get(await currentId(table, id));
  const isUnder = options.under === undefined || (kind.parent !== undefined && row?.[kind.parent.field] === options.under);
  if (!row || row.local.deleted || !isUnder) throw new CommandError(404, NOT_FOUND);
  const isMine = 'is_mine' in row && row.is_mine;
  if ((options.who === 'owner' && !isMine) || (options.who === 'others' && isMine)) throw forbidden();
  return row;
}

/** The item in the state the action needs: an archived item can only be restored. */
export async function requireItem(id: number, state: 'active' | 'archived', who: Who = 'anyone'): Promise<ListItemRow> {
  const item = await requireRow('listItems', id, { who });
  const isActive = isShownActive(item);
  if (state === 'active' && !isActive) throw new CommandError(422, 'This item is archived: restore it first', undefined, { code: 'item.archived' });
  if (state === 'archived' && isActive) throw new CommandError(422, 'This item is not archived', undefined, { code: 'item.not_archived' });
  return item;
}

/** An item's target ids, from the row (its list as it is now). */
export function itemTarget(item: ListItemRow): { listId: number; itemId: number } {
  return { listId: item.post_list_id, itemId: item.id };
}

/** Trimmed text within 1..limit characters, else a 422 on `field` (the server's wording). */
export function requireText(field: string, value: string, limit: number, emptyMessage: string): string {
  const text = value.trim();
  if (text === '') throw fieldError(field, emptyMessage);
  if (text.length > limit) throw fieldError(field, `Keep it under ${limit} characters`);
  return text;
}

/** Trimmed text within the limit, null when empty; undefined (not given) stays undefined. */
export function optionalText(field: string, value: string | null | undefined, limit: number): string | null | undefined {
  if (value === undefined || value === null) return value;
  const text = value.trim();
  if (text.length > limit) throw fieldError(field, `Keep it under ${limit} characters`, 'validation.too_long', { max: limit });
  return text === '' ? null : text;
}
