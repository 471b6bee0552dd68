// GET user/my-statistics (docs/product.md §7 User) into meta.statistics, which the /statistics screen reads
// through a live query: the last figures stay readable offline. Any session (anonymous: 401).
import type { ApiStatistics } from '../common/account-contract';
import { setMeta } from '../src/model/meta';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';

export async function pullStatistics(api: ApiClient): Promise<PullResult> {
  const result = await api.call<{ statistics: ApiStatistics }>({ path: 'user/my-statistics' });
  if (!result.ok) return { ok: false, error: result.error };
  await setMeta('statistics', { statistics: result.data.statistics, pulledAt: Date.now() });
  return { ok: true, currentPage: 1, lastPage: 1, total: 1, count: 1 };
}
