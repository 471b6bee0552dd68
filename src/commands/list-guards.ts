// Checks the list commands make inside their transaction (SPEC §6 owner actions, SPEC §4 'an
// archived item can only be restored'), with the server's wording, so a change the server would
// refuse is not queued. Ids a screen holds are followed from temporary to real (listIdMap).
import { db } from '../db/db';
import type { ListItemRow, ListRow } from '../db/types';
import { currentListEntityId } from './ops/list-store';
import { isShownActive } from './ops/list-item-state';
import { CommandError, fieldError } from './command-error';
import { forbidden } from './guards';

const NOT_FOUND = 'Content not found';

export async function requireList(id: number, who: 'anyone' | 'owner' = 'anyone'): Promise<ListRow> {
  const list = await db.lists.get(await currentListEntityId(id, 'lists'));
  if (!list || list.local.deleted) throw new CommandError(404, NOT_FOUND);
  if (who === 'owner' && !list.is_mine) throw forbidden();
  return list;
}

export type ItemState = 'active' | 'archived';

/** The item (not deleted here) in the state the action needs; `owner`: the list's owner only. */
export async function requireItem(id: number, state: ItemState, who: 'anyone' | 'owner' = 'anyone'): Promise<ListItemRow> {
  const item = await db.listItems.get(await currentListEntityId(id, 'listItems'));
  if (!item || item.local.deleted) throw new CommandError(404, NOT_FOUND);
  if (who === 'owner' && !item.is_mine) throw forbidden();
  const isActive = isShownActive(item);
  if (state === 'active' && !isActive) throw new CommandError(422, 'This item is archived: restore it first', undefined, { code: 'item.archived' });
  if (state === 'archived' && isActive) throw new CommandError(422, 'This item is not archived', undefined, { code: 'item.not_archived' });
  return item;
}

/** SPEC §7 item target ids from the row (its list as it is now). */
export function itemTarget(item: ListItemRow): { listId: number; itemId: number } {
  return { listId: item.post_list_id, itemId: item.id };
}

export function optionalText(field: string, value: string | null | undefined, limit: number): string | null | undefined {
  if (value === undefined || value === null) return value;
  const text = value.trim();
  if (text.length > limit) throw fieldError(field, `Keep it under ${limit} characters`, 'validation.too_long', { max: limit });
  return text === '' ? null : text;
}
