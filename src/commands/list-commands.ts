// Commands on lists and their items (docs/product.md §7 Lists, List items; docs/product.md §4 List item). Each is one
// transaction (commit.ts) and resolves once the change is saved locally; the sync worker sends
// it. Lists and items made offline get temporary ids, returned, which screens may keep holding:
// every command follows them to the real id (listIdMap).
import { TEXT_LIMITS } from '../../common/constants';
import { LIST_VISIBILITIES, type CreateListBody, type CreateListItemBody, type ListVisibilityName, type UpdateListBody, type UpdateListItemBody } from '../../common/contract';
import { db } from '../model/db';
import { fieldError } from './command-error';
import { commit, commitKeyed, commitOrSettle, newEntry, nextTempId } from './commit';
import type { NewOutboxEntry } from '../model/outbox-types';
import { cancelUnsent } from './cancel-unsent';
import { forbidden, itemTarget, optionalText, requireItem, requireRow, requireText } from './guards';
import { listRow } from './ops/op-types';
import { claimPray, type PrayOutcome } from './pray-gate';
import { undoableEntry, withdrawHeld, type UndoOption } from './undo';

export type ListInput = { name?: string; description?: string | null; visibility?: ListVisibilityName };
export type ListItemInput = { text?: string; title?: string | null; reference?: string | null };

const DESCRIPTION_LIMIT = 2000;
const TITLE_LIMIT = 200;
const REFERENCE_LIMIT = 100;

function listBody(input: ListInput): UpdateListBody {
  const body: UpdateListBody = {};
  if (input.name !== undefined) body.name = requireText('name', input.name, TEXT_LIMITS.listName, 'Give your list a name');
  const description = optionalText('description', input.description, DESCRIPTION_LIMIT);
  if (description !== undefined) body.description = description;
  if (input.visibility !== undefined) {
    if (!LIST_VISIBILITIES.includes(input.visibility)) throw fieldError('visibility', 'Choose public or private.');
    body.visibility = input.visibility;
  }
  return body;
}

function itemBody(input: ListItemInput): UpdateListItemBody {
  const body: UpdateListItemBody = {};
  if (input.text !== undefined) body.text = requireText('text', input.text, TEXT_LIMITS.request, 'Write your prayer');
  const title = optionalText('title', input.title, TITLE_LIMIT);
  if (title !== undefined) body.title = title;
  const reference = optionalText('reference', input.reference, REFERENCE_LIMIT);
  if (reference !== undefined) body.reference = reference;
  return body;
}

/**
 * 'list.create': shown at once (private unless asked otherwise) under the returned temporary id.
 * `groupId` (issue #28 item 4): a list of one of my groups, private to it; it waits for a group made offline.
 */
export async function createList(input: ListInput & { name: string; groupId?: number }): Promise<{ id: number }> {
  const { groupId, ...fields } = input;
  const { name, visibility, ...rest } = listBody(fields);
  const body: CreateListBody = { name: name ?? '', ...rest, ...(groupId === undefined && visibility !== undefined ? { visibility } : {}) };
  let listId = 0;
  await commit(async () => {
    const group = groupId === undefined ? undefined : await requireRow('groups', groupId);
    listId = await nextTempId();
    return newEntry('list.create', group === undefined ? { listId } : { listId, groupId: group.id }, body);
  });
  return { id: listId };
}

/** The list, when the viewer may rename or delete it: their own; a group's list (issue #28 item 4) also for a group admin. */
async function requireListManager(listId: number) {
  const list = await requireRow('lists', listId);
  if (list.is_mine) return list;
  const group = list.group_id === undefined || list.group_id === null ? undefined : await db.groups.get(list.group_id);
  if (group === undefined || (group.local.role ?? group.my_role) !== 'admin') throw forbidden();
  return list;
}

/** 'list.edit' (docs/product.md §6 owner action). A group's list stays private (docs/product.md §11). */
export async function editList(listId: number, input: ListInput): Promise<void> {
  const body = listBody(input);
  if (Object.keys(body).length === 0) throw fieldError('body', 'Change something before saving.');
  await commit(async () => {
    const list = await requireListManager(listId);
    if ((list.group_id ?? null) !== null && body.visibility === 'PUBLIC') throw fieldError('visibility', 'A group\'s list stays within the group');
    return newEntry('list.edit', { listId: list.id }, body);
  });
}

/** 'list.delete' (docs/product.md §6 owner action); a list never sent is cancelled with all queued on it. */
export async function deleteList(listId: number, option: UndoOption = {}): Promise<void> {
  await commitOrSettle(async () => {
    const { id } = await requireListManager(listId);
    if (await cancelUnsent(id, [])) return null;
    return undoableEntry('list.delete', { listId: id }, null, option);
  });
}

/** The list, when the viewer may add to it: their own, or (issue #28 item 4) a group's list, which every member edits. */
async function requireListEditor(listId: number) {
  const list = await requireRow('lists', listId);
  if (!list.is_mine && (list.group_id ?? null) === null) throw forbidden();
  return list;
}

/** 'listItem.create': appended at the end of the list (docs/product.md §4); returns the temporary id. */
export async function addListItem(listId: number, input: ListItemInput & { text: string; post_id?: number }): Promise<{ id: number }> {
  const body: CreateListItemBody = { ...itemBody(input) };
  if (input.post_id !== undefined && input.post_id > 0) body.post_id = input.post_id;
  let itemId = 0;
  await commit(async () => {
    const list = await requireListEditor(listId);
    itemId = await nextTempId();
    return newEntry('listItem.create', { listId: list.id, itemId }, body);
  });
  return { id: itemId };
}

/** 'listItem.edit': replaced in place (docs/product.md §4); active items only. */
export async function editListItem(itemId: number, input: ListItemInput): Promise<void> {
  const body = itemBody(input);
  if (Object.keys(body).length === 0) throw fieldError('body', 'Change something before saving.');
  await commit(async () => newEntry('listItem.edit', itemTarget(await requireItem(itemId, 'active', 'owner')), body));
}

/** 'listItem.archive': leaves the active view at once (docs/product.md §4). */
export async function archiveListItem(itemId: number, option: UndoOption = {}): Promise<void> {
  await commit(async () => undoableEntry('listItem.archive', itemTarget(await requireItem(itemId, 'active', 'owner')), null, option));
}

/**
 * 'listItem.restore': the only action on an archived item (docs/product.md §4). An archive still
 * held in its undo window is withdrawn instead: sent after the restore, it would undo it.
 */
export async function restoreListItem(itemId: number): Promise<void> {
  await commitOrSettle(async () => {
    const target = itemTarget(await requireItem(itemId, 'archived', 'owner'));
    if (await withdrawHeld('listItem.archive', target.itemId)) return null;
    return newEntry('listItem.restore', target, null);
  });
}

/** 'listItem.delete': active items only (docs/product.md §4); an item never sent is cancelled. */
export async function deleteListItem(itemId: number, option: UndoOption = {}): Promise<void> {
  await commitOrSettle(async () => {
    const target = itemTarget(await requireItem(itemId, 'active', 'owner'));
    if (await cancelUnsent(target.itemId, listRow(target.listId))) return null;
    return undoableEntry('listItem.delete', target, null, option);
  });
}

/**
 * 'listItem.pray': every prayer counts (docs/product.md §10); the item's and today's counts move at once. The
 * second tap of a double tap queues nothing (src/commands/pray-gate.ts): 'alreadyCounted'.
 */
export async function prayForListItem(itemId: number): Promise<PrayOutcome> {
  const claim = claimPray(`item:${itemId}`);
  if (!claim) return 'alreadyCounted';
  try {
    await commitKeyed(claim.key, () => listItemPrayEntry(itemId));
  } catch (err) {
    claim.release();
    throw err;
  }
  claim.saved();
  return 'counted';
}

/** The outbox entry of a pray for an active list item. */
export async function listItemPrayEntry(itemId: number): Promise<NewOutboxEntry> {
  return newEntry('listItem.pray', itemTarget(await requireItem(itemId, 'active')), null);
}

/** 'listItem.bookmark': a toggle; the server's answer wins. */
export async function toggleListItemBookmark(itemId: number): Promise<void> {
  await commit(async () => newEntry('listItem.bookmark', itemTarget(await requireItem(itemId, 'active')), null));
}

