// The page's side of the session rules of docs/product.md §4 (src/state/session-sync.ts): the logged-out
// flag after a session ended at startup, and the 401 timestamp kept in session storage for the
// worker (worker/unauthorized.ts), with browser storage and cookies stubbed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult, SessionTokens, SyncApi } from '../../worker/api-types';
import { clearAllTables } from '../../src/model/db';
import { updateAuth } from '../../src/model/meta';
import {
  LOGGED_OUT_FLAG, UNAUTHORIZED_AT_KEY, readUnauthorizedAt, startSession, stopSessionMirror, syncSessionAtStartup, writeUnauthorizedAt,
} from '../../src/state/session-sync';
import { memoryStorage } from '../helpers/memory-storage';

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
  it('a token the startup flow had to drop sets the logged-out flag (docs/product.md §4)', async () => {
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

/** document.cookie as a browser keeps it (written one cookie at a time, max-age=0 deletes), and the names it deleted. */
function cookieJar(initial: Record<string, string>): { cookie: string; deleted: string[] } {
  const jar = new Map(Object.entries(initial));
  const deleted: string[] = [];
  return {
    deleted,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('max-age=0')) {
        jar.delete(name);
        deleted.push(name);
      } else jar.set(name, value);
    },
  };
}

describe('startSession', () => {
  beforeEach(async () => {
    await clearAllTables();
  });

  // The mirror is a live query on meta.auth: left running, it would write what later files' tests
  // put in meta into the page's session state (the files share their worker's modules).
  afterEach(() => stopSessionMirror());

  it('never deletes a token cookie that meta does not hold yet (the cookie mirror starts after the startup flow)', async () => {
    // A member signed in while the app was closed: the cookie holds the token, meta nothing.
    const page = cookieJar({ prayer_token: 'member-token' });
    vi.stubGlobal('document', page);
    const tokens: SessionTokens = { memberToken: 'member-token', guestToken: null };
    // As the worker does (worker/auth.ts initSession): it checks the token with the server, then
    // writes it into meta.
    const port: Pick<SyncApi, 'initSession'> = {
      initSession: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await updateAuth(tokens);
        return { ok: true, session: { kind: 'member', user: null }, tokens };
      },
    };
    await startSession(port);
    // The mirror's first read of meta has run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Deleted even for a moment, the app shell's check (docs/product.md §4: signed out and no token) sends
    // the member to the landing.
    expect(page.deleted).toEqual([]);
    expect(page.cookie).toBe('prayer_token=member-token');
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
