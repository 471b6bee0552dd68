// docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'Prefetch what a prayer session
// needs' so a session works with no network: my lists and their items, the biblical prayers, my
// open requests and bookmarks (posts and items), the session feeds and the session size. Since
// issue #25 item 1 it is the one pull with its item and session sections (worker/sync-pull.ts,
// docs/decisions/0021-one-pull.md): run on start, on 'online', every FULL_PULL_INTERVAL_MS by the
// poll, and when a session screen opens. Best effort: a failure leaves what is stored and is
// reported, never thrown.
import type { ApiClient } from './api-client';
import { catchUp } from './sync-pull';

export type PrefetchReport = { ok: boolean; failures: string[] };

export async function prefetchForPrayer(api: ApiClient): Promise<PrefetchReport> {
  const result = await catchUp(api, 'full');
  return result.ok ? { ok: true, failures: [] } : { ok: false, failures: ['sync/pull'] };
}
