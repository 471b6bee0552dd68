// A module loaded on first use that never drops a call: the loader behind src/commands/lazy.ts.
// A call made before the module is there waits for it; when a load fails (offline before the
// service worker controls the page, so the chunk cannot be fetched), the call is held, not
// rejected, and the load is tried again: on a timer while anything is held (an `online` event may
// never come), and whenever retry() is called (lazy.ts calls it on online, focus, a visible page,
// a touch and each new call). Held calls run in the order they were made once it loads.
// docs/decisions/0061-never-lose-a-tap-to-a-chunk-that-did-not-load-the-commands.md,
// docs/decisions/0062-never-lose-a-tap-to-a-chunk-that-did-not-load-a-call-whose.md.

type ModuleLoader<M> = {
  /** Runs `withModule` with the module: in the caller's task when loaded, else once it loads. */
  run<R>(withModule: (module: M) => R): Promise<Awaited<R>>;
  /** Starts a load when none is done or under way; a failure is kept quiet (nothing waits on it). */
  preload(): void;
  /** Calls `then` with the module once it has loaded (at once if it has), whichever call loaded it; never a held call. */
  whenLoaded(then: (module: M) => void): void;
  /** Tries a load now if a call is waiting for one (a reconnect, a tap, the page shown again). */
  retry(): void;
  /** Calls held after a failed load: 0 while the first load is simply under way. */
  held(): number;
  /** Called whenever held() may have changed. */
  subscribe(listener: () => void): () => void;
};

export type LoaderTimers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

type LoaderOptions = {
  /** The first wait before loading again after a failure; doubled after each failure, up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  timers?: LoaderTimers;
};

type Waiting<M> = { start: (module: M) => void };

/** What resolve() accepts for a result of R: R itself, a value or a promise of Awaited<R>; TypeScript cannot see that for a generic R. */
const settle = <R,>(result: R) => result as Awaited<R> | PromiseLike<Awaited<R>>;

const browserTimers: LoaderTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createModuleLoader<M>(importer: () => Promise<M>, options: LoaderOptions = {}): ModuleLoader<M> {
  const { retryMs = 2_000, maxRetryMs = 15_000, timers = browserTimers } = options;
  let loaded: M | undefined;
  let loading = false;
  let failed = false;
  let waiting: Waiting<M>[] = [];
  let onLoad: ((module: M) => void)[] = [];
  let timer: unknown;
  let delay = retryMs;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const stopTimer = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };

  const load = () => {
    if (loaded !== undefined || loading) return;
    loading = true;
    stopTimer();
    importer().then(
      (module) => {
        loaded = module;
        loading = false;
        const calls = waiting;
        waiting = [];
        const wasHeld = failed;
        failed = false;
        for (const call of calls) call.start(module);
        const thens = onLoad;
        onLoad = [];
        for (const then of thens) then(module);
        if (wasHeld) notify();
      },
      () => {
        loading = false;
        if (waiting.length === 0) return;
        failed = true;
        notify();
        timer = timers.setTimeout(() => {
          timer = undefined;
          load();
        }, delay);
        delay = Math.min(delay * 2, maxRetryMs);
      },
    );
  };

  const retry = () => {
    if (waiting.length === 0) return;
    // A reconnect is worth a try at once; the backoff starts over from there.
    delay = retryMs;
    load();
  };

  return {
    run<R>(withModule: (module: M) => R): Promise<Awaited<R>> {
      const module = loaded;
      // The executor runs at once (a pray's mark shows in the tap's frame), and a throw in it rejects.
      if (module !== undefined) return new Promise((resolve) => resolve(settle(withModule(module))));
      return new Promise<Awaited<R>>((resolve, reject) => {
        waiting.push({
          start: (ready) => {
            try {
              resolve(settle(withModule(ready)));
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          },
        });
        if (failed) notify();
        retry();
      });
    },
    preload: () => {
      if (waiting.length > 0) retry();
      else load();
    },
    whenLoaded(then) {
      if (loaded !== undefined) then(loaded);
      else onLoad.push(then);
    },
    retry,
    held: () => (failed ? waiting.length : 0),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
