// "Never lose a prayer": the loader behind src/commands/lazy.ts holds a call whose module failed to
// load (offline before the service worker controls the page) and runs it once a later load works.
// The importer fails on purpose here; the retry timer is a manual one, so no test waits for time.
// lazyCommand over the real commands module: tests/unit/commands.test.ts.
import { describe, expect, it } from 'vitest';
import { createModuleLoader, type LoaderTimers } from '../../src/commands/module-loader';

type Module = { pray: (postId: number) => Promise<string>; boom: () => never };

const module: Module = {
  pray: (postId) => Promise.resolve(`prayed for ${String(postId)}`),
  boom: () => {
    throw new Error('the command failed');
  },
};

/** An importer that fails while `offline` is true, and counts its attempts. */
function flakyImporter() {
  const state = { offline: true, attempts: 0 };
  const importer = () => {
    state.attempts += 1;
    return state.offline ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(module);
  };
  return { state, importer };
}

/** Timers run by hand: `due` lists the waits asked for, `fire` runs the pending one. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  const due: number[] = [];
  let next = 1;
  const timers: LoaderTimers = {
    setTimeout: (run, ms) => {
      due.push(ms);
      pending.set(next, run);
      return next++;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const fire = () => {
    const [first] = pending.entries();
    if (!first) throw new Error('no timer is pending');
    pending.delete(first[0]);
    first[1]();
  };
  return { timers, due, fire, pendingCount: () => pending.size };
}

/** Lets the importer's promise and its handlers settle. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createModuleLoader, when the module cannot load', () => {
  it('holds every call, says so, and runs them in order once a retry loads it', async () => {
    const { state, importer } = flakyImporter();
    const clock = manualTimers();
    const loader = createModuleLoader(importer, { retryMs: 1_000, maxRetryMs: 4_000, timers: clock.timers });
    let changes = 0;
    loader.subscribe(() => (changes += 1));

    const order: number[] = [];
    const first = loader.run((m) => (order.push(1), m.pray(1)));
    const second = loader.run((m) => (order.push(2), m.pray(2)));
    let outcome: string | undefined;
    void first.then((value) => (outcome = value), () => (outcome = 'rejected'));
    await settle();

    expect(outcome).toBeUndefined();
    expect(loader.held()).toBe(2);
    expect(changes).toBeGreaterThan(0);
    expect(order).toEqual([]);

    // Still offline: the timer tries again and waits longer each time, up to the cap.
    clock.fire();
    await settle();
    clock.fire();
    await settle();
    clock.fire();
    await settle();
    expect(clock.due).toEqual([1_000, 2_000, 4_000, 4_000]);
    expect(loader.held()).toBe(2);

    state.offline = false;
    clock.fire();
    await expect(first).resolves.toBe('prayed for 1');
    await expect(second).resolves.toBe('prayed for 2');
    expect(order).toEqual([1, 2]);
    expect(loader.held()).toBe(0);
    expect(clock.pendingCount()).toBe(0);
  });

  it('tries again at once on retry() (a reconnect), not only on the timer', async () => {
    const { state, importer } = flakyImporter();
    const clock = manualTimers();
    const loader = createModuleLoader(importer, { timers: clock.timers });
    const call = loader.run((m) => m.pray(7));
    await settle();
    expect(loader.held()).toBe(1);

    state.offline = false;
    loader.retry();
    await expect(call).resolves.toBe('prayed for 7');
    expect(state.attempts).toBe(2);
    expect(clock.pendingCount()).toBe(0);
  });

  it('a failed preload with nothing waiting holds nothing and sets no timer; the next call loads again', async () => {
    const { state, importer } = flakyImporter();
    const clock = manualTimers();
    const loader = createModuleLoader(importer, { timers: clock.timers });
    loader.preload();
    await settle();
    expect(loader.held()).toBe(0);
    expect(clock.pendingCount()).toBe(0);

    state.offline = false;
    await expect(loader.run((m) => m.pray(3))).resolves.toBe('prayed for 3');
    expect(state.attempts).toBe(2);
  });

  it('whenLoaded holds nothing and shows nothing while it cannot load, and runs once any later load works', async () => {
    const { state, importer } = flakyImporter();
    const clock = manualTimers();
    const loader = createModuleLoader(importer, { timers: clock.timers });
    const seen: string[] = [];
    loader.whenLoaded(() => seen.push('recovered'));
    loader.preload();
    await settle();
    expect(loader.held()).toBe(0);
    expect(seen).toEqual([]);

    state.offline = false;
    await expect(loader.run((m) => m.pray(6))).resolves.toBe('prayed for 6');
    expect(seen).toEqual(['recovered']);
    loader.whenLoaded(() => seen.push('at once'));
    expect(seen).toEqual(['recovered', 'at once']);
  });

  it('a command that throws rejects its own call (the caller shows why); the module stays loaded', async () => {
    const { state, importer } = flakyImporter();
    state.offline = false;
    const loader = createModuleLoader(importer);
    await expect(loader.run((m) => m.boom())).rejects.toThrow('the command failed');
    await expect(loader.run((m) => m.pray(4))).resolves.toBe('prayed for 4');
    expect(state.attempts).toBe(1);
  });

  it('once loaded, a call starts in the caller\'s task', async () => {
    const { state, importer } = flakyImporter();
    state.offline = false;
    const loader = createModuleLoader(importer);
    loader.preload();
    await settle();
    let started = false;
    const call = loader.run((m) => ((started = true), m.pray(5)));
    expect(started).toBe(true);
    await expect(call).resolves.toBe('prayed for 5');
  });
});
