// The page's side of the session rules of SPEC §4 (src/state/session-sync.ts): the logged-out
// flag after a session ended at startup, and the 401 timestamp kept in session storage for the
// worker (worker/unauthorized.ts), with browser storage and cookies stubbed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult, SyncApi } from '../../worker/api-types';
import {
  LOGGED_OUT_FLAG, UNAUTHORIZED_AT_KEY, readUnauthorizedAt, syncSessionAtStartup, writeUnauthorizedAt,
} from '../../src/state/session-sync';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

let storage: Storage;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('sessionStorage', storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A port whose startup flow answers `result`. */
function portAnswering(result: AuthResult): Pick<SyncApi, 'initSession'> {
  return { initSession: async () => result };
}

const anonymous: AuthResult = { ok: true, session: { kind: 'anonymous', user: null }, tokens: { memberToken: null, guestToken: null } };

describe('syncSessionAtStartup', () => {
  it('a token the startup flow had to drop sets the logged-out flag (SPEC §4)', async () => {
    vi.stubGlobal('document', { cookie: 'prayer_token=expired' });
    await syncSessionAtStartup(portAnswering(anonymous));
    expect(storage.getItem(LOGGED_OUT_FLAG)).toBe('1');
  });

  it('no token at startup: nobody was logged out', async () => {
    vi.stubGlobal('document', { cookie: '' });
    await syncSessionAtStartup(portAnswering(anonymous));
    expect(storage.getItem(LOGGED_OUT_FLAG)).toBeNull();
  });
});

describe('the 401 timestamp in session storage', () => {
  it('is written, read back and cleared', () => {
    expect(readUnauthorizedAt()).toBeNull();
    writeUnauthorizedAt(1234);
    expect(storage.getItem(UNAUTHORIZED_AT_KEY)).toBe('1234');
    expect(readUnauthorizedAt()).toBe(1234);
    writeUnauthorizedAt(null);
    expect(readUnauthorizedAt()).toBeNull();
  });

  it('a value that is not a time reads as none', () => {
    storage.setItem(UNAUTHORIZED_AT_KEY, 'garbage');
    expect(readUnauthorizedAt()).toBeNull();
  });
});
