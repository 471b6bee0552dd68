// Issue #28 item 3 (docs/product.md §11 'Reports in a group'; docs/api.md 'Prayer groups'): GET
// group/{id}/reports (page 1, oldest report first) into the group's entry of the admin reads
// (src/model/group-admin-cache.ts), which the moderation screen reads live and offline
// (src/db/group-moderation-reads.ts). Only the group's moderators and admins may read it: a 403
// (no longer one) stores none; a 404 (no longer a member) drops the group here, as every group pull does.
import { SYNC_LOCK } from '../common/constants';
import type { ModerationQueueResponse } from '../common/moderation-contract';
import { db, writeTables } from '../src/model/db';
import { updateGroupAdmin } from '../src/model/group-admin-cache';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';
import { read } from './pull-group-admin';

export function pullGroupReports(api: ApiClient, groupId: number): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    const answer = await read<ModerationQueueResponse>(api, groupId, '/reports');
    if (!answer.ok) {
      if (answer.status === 403) {
        await db.transaction('rw', writeTables(), () => updateGroupAdmin(groupId, (c) => ({ ...c, reports: { items: null, total: 0, pulledAt: Date.now() } })));
      }
      return answer.error;
    }
    const { data, current_page: currentPage, last_page: lastPage, total } = answer.data.items;
    await db.transaction('rw', writeTables(), () =>
      updateGroupAdmin(groupId, (cache) => ({ ...cache, reports: { items: data, total, pulledAt: Date.now() } })),
    );
    return { ok: true, currentPage, lastPage, total, count: data.length };
  });
}
