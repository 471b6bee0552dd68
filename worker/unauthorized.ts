// docs/product.md §4 401 handling: the first 401 stores a timestamp and triggers the unauthorized handler
// (here: the token refresh of worker/auth.ts); a later 401 triggers it again only if more than
// UNAUTHORIZED_REPEAT_WINDOW_MS passed, otherwise the error is rejected; a successful response
// clears the timestamp after UNAUTHORIZED_CLEAR_DELAY_MS (docs/product.md §9).
//
// Where the timestamp lives: the product's rule (docs/product.md §4 '401 handling') says session storage, which a worker does not have. The store
// is injected: in the sync worker it is the page's sessionStorage, reached through a comlink hook
// (src/sync/client.ts), so the rule has the page's scope (one tab, surviving a reload); in the
// service worker, tests, or if the page does not answer, it is this context's memory.
import { UNAUTHORIZED_CLEAR_DELAY_MS, UNAUTHORIZED_REPEAT_WINDOW_MS } from '../common/constants';

export type UnauthorizedStore = {
  read(): Promise<number | null>;
  write(at: number | null): Promise<void>;
};

type UnauthorizedVerdict = 'handle' | 'reject';

/** The rule itself, pure: `stampedAt` is the stored timestamp (null: none). */
export function unauthorizedVerdict(stampedAt: number | null, now: number): UnauthorizedVerdict {
  return stampedAt === null || now - stampedAt > UNAUTHORIZED_REPEAT_WINDOW_MS ? 'handle' : 'reject';
}

export type UnauthorizedGate = {
  /** A 401 arrived: 'handle' (timestamp stored, run the handler) or 'reject'. */
  onUnauthorized(): Promise<UnauthorizedVerdict>;
  /** A successful response arrived: the timestamp is cleared after the delay. */
  onSuccess(): void;
};

export function memoryStore(): UnauthorizedStore {
  let stamp: number | null = null;
  return {
    read: async () => stamp,
    write: async (at) => {
      stamp = at;
    },
  };
}

/** `primary` (e.g. the page), mirrored in memory, which answers whenever the primary fails. */
export function withMemoryFallback(primary: UnauthorizedStore): UnauthorizedStore {
  const memory = memoryStore();
  return {
    async read() {
      try {
        return await primary.read();
      } catch {
        return memory.read();
      }
    },
    async write(at) {
      await memory.write(at);
      await primary.write(at).catch(() => undefined);
    },
  };
}

export type GateClock = { now(): number; later(fn: () => void, ms: number): void };

const realClock: GateClock = { now: () => Date.now(), later: (fn, ms) => void setTimeout(fn, ms) };

export function createUnauthorizedGate(store: UnauthorizedStore = memoryStore(), clock: GateClock = realClock): UnauthorizedGate {
  // A stamp may be there from before (the page's storage survives a reload): assume one until cleared.
  let mayBeStamped = true;
  let clearing = false;
  return {
    async onUnauthorized() {
      const now = clock.now();
      const verdict = unauthorizedVerdict(await store.read(), now);
      if (verdict === 'handle') {
        await store.write(now);
        mayBeStamped = true;
      }
      return verdict;
    },
    onSuccess() {
      if (!mayBeStamped || clearing) return;
      clearing = true;
      clock.later(() => {
        clearing = false;
        mayBeStamped = false;
        void store.write(null);
      }, UNAUTHORIZED_CLEAR_DELAY_MS);
    },
  };
}
