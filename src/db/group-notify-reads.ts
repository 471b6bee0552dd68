// The member's setting of a group's notifications as this device shows it (issue #28 item 6): the
// waiting choice ('group.notify', `local.notify`) over the server's `my_notify`. For
// src/components/group-notify-setting.tsx, through useLiveRead.
import type { GroupNotifyLevel } from '../../common/group-contract';
import { db } from '../model/db';
import { currentGroupId } from './group-reads';

export type ShownGroupNotify = { level: GroupNotifyLevel; pending: boolean };

/** null when this device does not hold the group (or is leaving it). */
export async function readGroupNotify(groupId: number): Promise<ShownGroupNotify | null> {
  const row = await db.groups.get(await currentGroupId(groupId));
  if (!row || row.local.deleted) return null;
  return { level: row.local.notify ?? row.my_notify, pending: row.local.notify !== undefined };
}
