// The page of a group this account is no longer in (issue #49 major 4; docs/product.md §11): why
// (src/model/ended-groups.ts, as the server last said it) and where a request to join stands: still
// in this device's outbox ('waiting'), or on the server ('sent'). For the group route only.
import { db } from '../model/db';
import { readEndedGroup, type EndedReason } from '../model/ended-groups';
import { getAuth, viewerId } from '../model/meta';
import { acctsOfViewer } from '../model/outbox-index';
import { useLiveRead } from './live-read';

export type ShownEndedGroup = { name: string; reason: EndedReason; request: 'none' | 'waiting' | 'sent' };

/** Null when this device knows of no ended membership of the group. */
export async function readShownEndedGroup(groupId: number): Promise<ShownEndedGroup | null> {
  const ended = await readEndedGroup(groupId);
  if (ended === null) return null;
  const keys = acctsOfViewer(viewerId(await getAuth())).map((acct): [string, number] => ['group.joinRequest', acct]);
  const waiting = await db.outbox.where('[op+acct]').anyOf(keys).filter((entry) => entry.op === 'group.joinRequest' && entry.target.groupId === groupId).count();
  return { name: ended.name, reason: ended.reason, request: waiting > 0 ? 'waiting' : ended.asked ? 'sent' : 'none' };
}

/** undefined while loading. */
export function useEndedGroup(groupId: number): ShownEndedGroup | null | undefined {
  return useLiveRead(async () => readShownEndedGroup(groupId), [groupId]);
}
