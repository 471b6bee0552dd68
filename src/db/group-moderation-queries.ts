// The live reads of the groups I moderate (issue #28 item 3), over ./group-moderation-reads.ts. For
// the moderation screen and the account menu, both loaded lazily: nothing of the first load imports this module.
import { useLiveRead } from './live-read';
import { readGroupReports, readModeratedGroups, type GroupReportsView } from './group-moderation-reads';

/** Each group I moderate with its reports and my waiting decisions; undefined while loading. */
export function useGroupReports(): GroupReportsView[] | undefined {
  return useLiveRead(async () => readGroupReports(), []);
}

/** Whether I moderate (or administer) a group: the moderation screen is mine then too; undefined while loading. */
export function useModeratesAGroup(): boolean | undefined {
  const groups = useLiveRead(async () => readModeratedGroups(), []);
  return groups === undefined ? undefined : groups.length > 0;
}
