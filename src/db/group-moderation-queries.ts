// The live read of the groups I moderate (issue #28 item 3), over ./group-moderation-reads.ts, for
// the moderation screen (loaded lazily): nothing of the first load imports this module.
import { useLiveRead } from './live-read';
import { readGroupReports, type GroupReportsView } from './group-moderation-reads';

/** Each group I moderate with its reports and my waiting decisions; undefined while loading. */
export function useGroupReports(): GroupReportsView[] | undefined {
  return useLiveRead(async () => readGroupReports(), []);
}
