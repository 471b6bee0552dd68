// Controlled environments for the platform modules: a manual clock whose timers fire only when
// the test advances time, a Map-backed store, and minimal service-worker objects.
import type { Clock, KeyValueStore } from '../../src/platform/runtime';
import type { ContainerLike, RegistrationLike, WorkerLike } from '../../src/platform/sw-update';
import type { SkipWaitingMessage } from '../../common/sw-protocol';

export type ManualClock = Clock & {
  /** Moves time forward, firing every interval due on the way, and lets their promises settle. */
  advance(ms: number): Promise<void>;
  set(now: number): void;
  /** Number of running intervals. */
  timers(): number;
};

type Interval = { id: number; every: number; next: number; run: () => void };

/** Lets pending promise chains (fetch -> json -> update) run to the end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

export function manualClock(start = 1_700_000_000_000): ManualClock {
  let now = start;
  let nextId = 1;
  const intervals = new Map<number, Interval>();
  return {
    now: () => now,
    every(ms, run) {
      const id = nextId++;
      intervals.set(id, { id, every: ms, next: now + ms, run });
      return () => intervals.delete(id);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...intervals.values()].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.every;
        due.run();
        await settle();
      }
      now = end;
      await settle();
    },
    set(value) {
      now = value;
    },
    timers: () => intervals.size,
  };
}

export function mapStore(initial: Record<string, string> = {}): KeyValueStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** A tiny typed event target: listeners by type, fired by the test. */
export class Listeners {
  private readonly byType = new Map<string, Set<(event: never) => void>>();

  add(type: string, listener: (event: never) => void): void {
    const set = this.byType.get(type) ?? new Set();
    set.add(listener);
    this.byType.set(type, set);
  }

  remove(type: string, listener: (event: never) => void): void {
    this.byType.get(type)?.delete(listener);
  }

  fire(type: string, event: unknown = {}): void {
    for (const listener of this.byType.get(type) ?? []) Reflect.apply(listener, undefined, [event]);
  }

  count(type: string): number {
    return this.byType.get(type)?.size ?? 0;
  }
}

export type FakeWorker = WorkerLike & { state: string; messages: SkipWaitingMessage[]; setState(state: string): void };

export function fakeWorker(state = 'installing'): FakeWorker {
  const events = new Listeners();
  const worker: FakeWorker = {
    state,
    messages: [],
    postMessage: (message) => void worker.messages.push(message),
    addEventListener: (type, listener) => events.add(type, listener),
    setState(next) {
      worker.state = next;
      events.fire('statechange');
    },
  };
  return worker;
}

export type FakeRegistration = RegistrationLike & {
  installing: FakeWorker | null;
  waiting: FakeWorker | null;
  updates: number;
  /** A new worker starts installing (the browser found a changed /sw.js). */
  foundUpdate(worker: FakeWorker): void;
};

export function fakeRegistration(): FakeRegistration {
  const events = new Listeners();
  const registration: FakeRegistration = {
    installing: null,
    waiting: null,
    updates: 0,
    async update() {
      registration.updates += 1;
    },
    addEventListener: (type, listener) => events.add(type, listener),
    foundUpdate(worker) {
      registration.installing = worker;
      events.fire('updatefound');
    },
  };
  return registration;
}

export type FakeContainer = ContainerLike & { controller: object | null; events: Listeners; changeController(): void };

export function fakeContainer(controlled: boolean): FakeContainer {
  const events = new Listeners();
  const container: FakeContainer = {
    controller: controlled ? {} : null,
    events,
    addEventListener: (type, listener) => events.add(type, listener),
    removeEventListener: (type, listener) => events.remove(type, listener),
    changeController() {
      container.controller = {};
      events.fire('controllerchange');
    },
  };
  return container;
}
