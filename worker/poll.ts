// docs/product.md §4 new-post polling: every 30 s while online and visible
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol'), ask how many posts arrived since
// the newest one pulled, and store the count in meta for useNewCount(): through the one pull
// (pollCounts).
import { NEW_COUNT_POLL_MS } from '../common/constants';
import type { NewCountResponse } from '../common/contract';
import { getMeta, setMeta } from '../src/model/meta';
import type { ApiClient } from './api-client';
import { catchUp } from './sync-pull';

/** One check. docs/product.md §4/§8: a failed fetch is only logged and yields false. */
export async function checkNewCount(api: ApiClient): Promise<boolean> {
  const since = await getMeta('feedSince');
  if (!since) return false;
  const result = await api.call<NewCountResponse>({ path: 'posts/new-count', query: { since } });
  if (!result.ok) {
    console.warn(`posts/new-count failed (${result.status}): ${result.error.message}`);
    return false;
  }
  if (result.data.new_count !== (await getMeta('newCount'))) await setMeta('newCount', result.data.new_count);
  return true;
}

/**
 * One tick of the poll: the one pull (worker/sync-pull.ts, docs/decisions/0021-one-pull.md) brings
 * the new-post count, the notifications' unread count (issue #6), the changes to the posts held
 * here (issue #10) and the rest that changed, in one request.
 */
export async function pollCounts(api: ApiClient): Promise<boolean> {
  return (await catchUp(api, 'due')).ok;
}

export type Poller = {
  setActive(active: boolean): void;
  /**
   * Another interval from now on (issue #48: slower while a live stream is up). No extra tick: the
   * next comes `intervalMs` after the last one (at once if that is past).
   */
  setInterval(intervalMs: number): void;
  readonly intervalMs: number;
  stop(): void;
};

/** Runs `tick` every `intervalMs` while active; becoming active runs it at once. */
export function createPoller(tick: () => Promise<unknown>, intervalMs: number = NEW_COUNT_POLL_MS): Poller {
  let interval = intervalMs;
  let active = false;
  let lastTickAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = (delay: number) => {
    clear();
    timer = setTimeout(run, Math.max(0, delay));
  };
  const run = () => {
    lastTickAt = Date.now();
    void tick();
    schedule(interval);
  };
  const stop = () => {
    active = false;
    clear();
  };
  return {
    setActive(next) {
      if (!next) return stop();
      if (active) return;
      active = true;
      run();
    },
    setInterval(next) {
      if (next === interval) return;
      interval = next;
      if (active) schedule(lastTickAt + interval - Date.now());
    },
    get intervalMs() {
      return interval;
    },
    stop,
  };
}
