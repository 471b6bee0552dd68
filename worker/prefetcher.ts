// The engine's prefetch schedule (docs/architecture.md 'Outbox and sync protocol' Pull: kept fresh in the background): single flight,
// and a timer every PREFETCH_INTERVAL_MS while online and visible.
import type { ApiClient } from './api-client';
import { PREFETCH_INTERVAL_MS, prefetchForPrayer, type PrefetchReport } from './prefetch';

type Prefetcher = {
  run(api: ApiClient): Promise<PrefetchReport>;
  setActive(active: boolean, tick: () => void): void;
};

export function createPrefetcher(intervalMs: number = PREFETCH_INTERVAL_MS): Prefetcher {
  let running: Promise<PrefetchReport> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    run(api) {
      running ??= prefetchForPrayer(api).finally(() => {
        running = null;
      });
      return running;
    },
    setActive(active, tick) {
      if (timer !== null) clearInterval(timer);
      timer = active ? setInterval(tick, intervalMs) : null;
    },
  };
}
