// Issue #13 point 5, docs/architecture/local-store.md 'Local database' 'never lose work to
// eviction': whether the browser keeps this site's storage for good
// (navigator.storage.persisted()), when to ask for it (persist()), and the rule of the warning:
// unsent work on a device whose storage the browser may clear. Also the one test of a storage-full
// failure (QuotaExceededError, as the browser or Dexie reports it), shared by the write path
// (src/commands/commit.ts) and the forms (src/components/use-submit.ts).
import { useEffect, useSyncExternalStore } from 'react';
import { PROMPT_DISMISS_MS } from '../../common/constants';
import { currentBrowser, isStandalone } from './environment';
import { browserLocalStorage, type KeyValueStore } from './runtime';

/**
 * 'unknown': not read yet, or the browser could not say. 'unsupported': the browser has no
 * StorageManager persistence at all (WebKitGTK, older Safari: no navigator.storage), so nothing
 * keeps its storage for good short of installing the app (issue #23 point 4).
 */
export type Persistence = 'persisted' | 'not-persisted' | 'unknown' | 'unsupported';

/** The part of navigator.storage used here; either method may be missing. */
export type StorageManagerLike = { persisted?: () => Promise<boolean>; persist?: () => Promise<boolean> };

/** Why the app asks: a first change queued on this device, or the app running installed. */
type AskReason = 'change' | 'installed';

/**
 * The warning's rule (tests/ui/eviction-warning.test.tsx): only when something waits to be sent
 * and the browser said it has NOT granted persistence, or has no way to grant it (a browser
 * without the API is WebKit's family, which clears a site's data after 7 days without a visit
 * unless the app is installed: issue #23 point 4). Unknown says nothing: the warning must be true.
 */
export function isEvictionRisk(persistence: Persistence, pending: number): boolean {
  return (persistence === 'not-persisted' || persistence === 'unsupported') && pending > 0;
}

/** When the app last asked (epoch ms), so a browser that prompts (Firefox) is asked at most weekly. */
export const PERSIST_ASKED_KEY = 'prayer:persist-asked';

type StoragePersistenceEnv = {
  storage: StorageManagerLike | undefined;
  store: KeyValueStore;
  now: () => number;
};

type StoragePersistence = {
  getSnapshot(): Persistence;
  subscribe(listener: () => void): () => void;
  /** Reads persisted() again (once per call; the result is the snapshot). */
  refresh(): Promise<Persistence>;
  /**
   * Asks persist() when it could help and would not nag: never when already persisted; for a
   * change, once a page and at most once in PROMPT_DISMISS_MS; when installed, once a page
   * (installing is what makes Chromium grant it).
   */
  ask(reason: AskReason): Promise<Persistence>;
};

export function createStoragePersistence(env: StoragePersistenceEnv): StoragePersistence {
  let snapshot: Persistence = 'unknown';
  const asked = new Set<AskReason>();
  const listeners = new Set<() => void>();
  const set = (next: Persistence) => {
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const refresh = async (): Promise<Persistence> => {
    const read = env.storage?.persisted;
    if (typeof read !== 'function') {
      set('unsupported');
      return snapshot;
    }
    try {
      set((await Reflect.apply(read, env.storage, [])) === true ? 'persisted' : 'not-persisted');
    } catch {
      // A browser that cannot say leaves the state as it was.
    }
    return snapshot;
  };
  const mayAsk = (reason: AskReason): boolean => {
    if (asked.has(reason) || typeof env.storage?.persist !== 'function') return false;
    if (reason === 'installed') return true;
    const at = Number(env.store.getItem(PERSIST_ASKED_KEY));
    return !(Number.isFinite(at) && at > 0 && env.now() - at < PROMPT_DISMISS_MS);
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    async ask(reason) {
      const now = await refresh();
      if (now === 'persisted' || now === 'unsupported' || !mayAsk(reason)) return snapshot;
      asked.add(reason);
      env.store.setItem(PERSIST_ASKED_KEY, String(env.now()));
      try {
        const persist = env.storage?.persist;
        if (typeof persist === 'function') await Reflect.apply(persist, env.storage, []);
      } catch {
        // The browser may refuse; the app works the same, only eviction stays possible.
      }
      return refresh();
    },
  };
}

let shared: StoragePersistence | null = null;

/**
 * The page's instance over navigator.storage and localStorage. Installing the app from anywhere
 * (the install overlay, the browser's menu, the waiting list) asks again: Chromium grants
 * persistence to installed apps.
 */
function storagePersistence(): StoragePersistence {
  if (shared) return shared;
  const instance = createStoragePersistence({
    storage: typeof navigator === 'undefined' ? undefined : navigator.storage,
    store: browserLocalStorage(),
    now: () => Date.now(),
  });
  if (typeof window !== 'undefined') window.addEventListener('appinstalled', () => void instance.ask('installed'));
  shared = instance;
  return instance;
}

/** After a command committed: the user now has something to lose (docs/architecture/local-store.md 'Local database'). Never throws. */
export function askPersistenceAfterChange(): void {
  if (typeof navigator === 'undefined') return;
  void storagePersistence().ask('change');
}

/**
 * The persistence state for the sync indicator and the waiting list; read once on mount, and
 * asked for when the app runs installed (display-mode standalone).
 */
export function usePersistence(): Persistence {
  const persistence = storagePersistence();
  useEffect(() => {
    if (isStandalone(currentBrowser())) void persistence.ask('installed');
    else void persistence.refresh();
  }, [persistence]);
  return useSyncExternalStore(persistence.subscribe, persistence.getSnapshot, () => 'unknown');
}

/**
 * docs/architecture/local-store.md 'Local database': a write refused because the device is out of
 * space. Browsers throw a DOMException named QuotaExceededError; Dexie wraps it (its own
 * QuotaExceededError, or an AbortError of the transaction with the DOMException as `inner`); the
 * command layer keeps the name.
 */
export function isQuotaExceeded(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const name = 'name' in err ? err.name : undefined;
  if (name === 'QuotaExceededError') return true;
  const inner = 'inner' in err ? err.inner : undefined;
  return inner !== err && isQuotaExceeded(inner);
}
