// The environment the platform modules run against, as small injectable types: a clock with
// timers and a key/value store. Production passes the browser's; tests pass a manual clock and
// a Map, so every timing rule of SPEC §4/§9 is tested without waiting.

export type Clock = {
  now(): number;
  /** Runs `run` every `ms` until the returned stop function is called. */
  every(ms: number, run: () => void): () => void;
};

/** The part of Web Storage the platform modules use (localStorage, sessionStorage). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, run) {
    const id = setInterval(run, ms);
    return () => clearInterval(id);
  },
};

/** A store that forgets everything: used where Web Storage is missing or throws (private modes). */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** Web Storage when it works; some browsers throw on access (blocked storage, Safari private). */
export function safeStorage(pick: () => Storage | undefined): KeyValueStore {
  try {
    const storage = pick();
    if (!storage) return memoryStore();
    const probe = '__prayer_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStore();
  }
}

export function browserLocalStorage(): KeyValueStore {
  return safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
}

export function browserSessionStorage(): KeyValueStore {
  return safeStorage(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage));
}
