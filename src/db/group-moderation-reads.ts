// What the moderation screen shows of the groups I moderate (issue #28 item 3; docs/product.md §11
// 'Reports in a group'): the groups whose moderator or admin I am, each with its queue as this
// account last read it (GET group/{id}/reports, worker/pull-group-reports.ts) and my decisions
// still waiting ('group.moderate') laid over it, so a decided item leaves at once, offline too, and
// comes back if the decision is refused. Plain async reads for the screens' live hooks and tests.
import type { ApiReportedItem, ModerationAction } from '../../common/moderation-contract';
import { db } from '../model/db';
import { readGroupAdminCache } from '../model/group-admin-cache';
import { getAuth, viewerId } from '../model/meta';
import { acctsOfViewer } from '../model/outbox-index';
import type { OutboxEntryOf } from '../model/outbox-types';
import { isModeratedByMe, readMyGroups, type ShownGroup } from './group-reads';

export type GroupReportsView = {
  group: Pick<ShownGroup, 'id' | 'name' | 'my_role'>;
  /** Items no decision is pending for; null: never read here (or no longer the account's to read). */
  items: ApiReportedItem[] | null;
  /** Decisions made here and not yet acknowledged, by queue key ('post:12'). */
  pending: Record<string, ModerationAction>;
  total: number;
  pulledAt: number;
};

/** The queue's key of a decision's target: its kind and server id (ApiReportedItem kind + id). */
function groupReportKey(target: { postId: number } | { commentId: number }): string {
  return 'postId' in target ? `post:${target.postId}` : `comment:${target.commentId}`;
}

/** The groups I moderate, by name. */
export async function readModeratedGroups(): Promise<ShownGroup[]> {
  return (await readMyGroups()).filter(isModeratedByMe);
}

/** One view per group I moderate, in the order of my groups. */
export async function readGroupReports(): Promise<GroupReportsView[]> {
  const groups = await readModeratedGroups();
  if (groups.length === 0) return [];
  const viewer = viewerId(await getAuth());
  const keys = acctsOfViewer(viewer).map((acct): [string, number] => ['group.moderate', acct]);
  const entries = (await db.outbox.where('[op+acct]').anyOf(keys).toArray()).filter(
    (entry): entry is OutboxEntryOf<'group.moderate'> => entry.op === 'group.moderate',
  );
  return Promise.all(
    groups.map(async (group): Promise<GroupReportsView> => {
      const reports = (await readGroupAdminCache(group.id))?.reports;
      const pending: Record<string, ModerationAction> = {};
      for (const entry of entries) if (entry.target.groupId === group.id) pending[groupReportKey(entry.target)] = entry.body.action;
      const items = reports?.items ? reports.items.filter((item) => pending[`${item.kind}:${item.id}`] === undefined) : null;
      return { group: { id: group.id, name: group.name, my_role: group.my_role }, items, pending, total: reports?.total ?? 0, pulledAt: reports?.pulledAt ?? 0 };
    }),
  );
}
