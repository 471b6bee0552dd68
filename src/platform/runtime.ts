// The environment the platform modules run against, as small injectable types: a clock with
// timers and a key/value store. Production passes the browser's; tests pass a manual clock and
// a Map, so every timing rule of docs/product.md §4/§9 is tested without waiting.

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

/**
 * Each Storage probed once: the verdict (the storage itself, or the memory store standing in for
 * it) is kept. A probe writes and removes an item, and some callers run on every render (the app
 * shell's notification offer: issue #14 point 3).
 */
const probed = new WeakMap<Storage, KeyValueStore>();

/** Web Storage when it works; some browsers throw on access (blocked storage, Safari private). */
export function safeStorage(pick: () => Storage | undefined): KeyValueStore {
  let storage: Storage | undefined;
  try {
    storage = pick();
  } catch {
    return memoryStore();
  }
  if (!storage) return memoryStore();
  let verdict = probed.get(storage);
  if (!verdict) {
    verdict = probe(storage);
    probed.set(storage, verdict);
  }
  return verdict;
}

function probe(storage: Storage): KeyValueStore {
  try {
    const key = '__prayer_probe__';
    storage.setItem(key, key);
    storage.removeItem(key);
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

/** Removes every localStorage item whose key starts with `prefix` (logout forgets what a feature kept there). */
export function forgetKeysStartingWith(prefix: string): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key): key is string => key?.startsWith(prefix) ?? false);
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}
