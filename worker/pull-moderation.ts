// Issue #11: GET moderation/reports (page 1, oldest report first) into meta.moderationQueue, which
// the /moderation screen reads live (src/db/moderation-reads.ts). Moderators only: the server
// answers 403 to anyone else, and nothing is stored then.
import type { ModerationQueueResponse } from '../common/moderation-contract';
import { getAuth, setMeta, viewerId } from '../src/model/meta';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';

export async function pullModerationQueue(api: ApiClient): Promise<PullResult> {
  const viewer = viewerId(await getAuth());
  const result = await api.call<ModerationQueueResponse>({ path: 'moderation/reports' });
  if (!result.ok) return { ok: false, error: result.error };
  if (viewer === null) return { ok: false, error: { status: 401, message: 'Not signed in' } };
  const { data, current_page, last_page, total } = result.data.items;
  await setMeta('moderationQueue', { viewer, items: data, total, pulledAt: Date.now() });
  return { ok: true, currentPage: current_page, lastPage: last_page, total, count: data.length };
}
