// Issue #23 point 3, the page's side with the real local store (fake-indexeddb): a browser that
// refuses the token cookie still has its session through the store (src/state/held-session.ts);
// a store that cannot be read turns a failed sign-in into the message of what the person can do
// (src/state/auth.ts signInCall, src/components/api-error.ts formMessage); a sign-in that never
// answers ends after SIGN_IN_DEADLINE_MS.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import type { AuthResult, SyncApi } from '../../worker/api-types';
import { clearAllTables, db } from '../../src/model/db';
import { updateAuth } from '../../src/model/meta';
import { forgetStoredTokens, hasAnyToken, heldTokens, readStoredSession, settledHeldTokens } from '../../src/state/held-session';
import { continueAsGuest } from '../../src/state/auth';
import { connectSyncEngine } from '../../src/sync/client';
import { formMessage } from '../../src/components/api-error';
import { isLocalStoreUnavailable, SIGN_IN_DEADLINE_MS, SignInTimeoutError } from '../../src/state/store-unavailable';

/** A document whose cookie writes are dropped and which reads none (a browser refusing cookies). */
const refusingDocument = {
  get cookie() {
    return '';
  },
  set cookie(_line: string) {
    // Refused.
  },
};

/** The engine's guest login answering `guestLogin` (the rest of the engine is not used here). */
function engineWith(guestLogin: () => Promise<AuthResult>): SyncApi {
  const part: Pick<SyncApi, 'guestLogin'> = { guestLogin };
  return part as SyncApi;
}

const t = ((key: string) => key) as unknown as TFunction;

beforeEach(async () => {
  await clearAllTables();
  forgetStoredTokens();
  vi.stubGlobal('document', refusingDocument);
});

afterEach(() => {
  connectSyncEngine(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the session with the cookie refused', () => {
  it('a guest whose store holds the token is signed in once the store is read', async () => {
    await updateAuth({ guestToken: 'guest-token' });
    // Before the read, the cookie (refused) says nothing.
    expect(hasAnyToken()).toBe(false);
    expect(await settledHeldTokens()).toEqual({ hasMemberToken: false, hasGuestToken: true });
    expect(hasAnyToken()).toBe(true);
  });

  it('after a guest login the page knows the session at once, with no cookie written', async () => {
    const tokens = { memberToken: null, guestToken: 'new-guest' };
    connectSyncEngine(engineWith(async () => ({ ok: true, session: { kind: 'guest', user: null }, tokens })));
    await continueAsGuest();
    expect(refusingDocument.cookie).toBe('');
    expect(heldTokens()).toEqual({ hasMemberToken: false, hasGuestToken: true });
  });

  it('an empty store and no cookie: a visitor', async () => {
    expect(await settledHeldTokens()).toEqual({ hasMemberToken: false, hasGuestToken: false });
  });

  it('an empty store and a cookie: the cookie brings the session (the startup flow)', async () => {
    vi.stubGlobal('document', { cookie: 'prayer_token=from-cookie' });
    expect(await settledHeldTokens()).toEqual({ hasMemberToken: true, hasGuestToken: false });
  });
});

describe('a store that cannot be read', () => {
  beforeEach(() => {
    vi.spyOn(db.meta, 'get').mockRejectedValue(new DOMException('The user denied permission to access the database.', 'UnknownError'));
  });

  it('reads as unavailable (a refusal, not a timeout) and the checks go on with the cookies', async () => {
    const read = await readStoredSession();
    expect(read.kind === 'unavailable' && !read.isTimeout).toBe(true);
    expect(await settledHeldTokens()).toEqual({ hasMemberToken: false, hasGuestToken: false });
  });

  it('a failed guest login says what the person can do, not the storage error', async () => {
    connectSyncEngine(engineWith(async () => {
      throw new Error('OpenFailedError');
    }));
    const failure = await continueAsGuest().then(() => null, (err: unknown) => err);
    expect(isLocalStoreUnavailable(failure)).toBe(true);
    vi.stubGlobal('navigator', { onLine: true });
    expect(formMessage(failure, t, 'landing.guestFailed')).toBe('auth.storageBlocked');
  });
});

it('a failure with a readable store stays what it was', async () => {
  const cause = new Error('worker failed');
  connectSyncEngine(engineWith(async () => {
    throw cause;
  }));
  await expect(continueAsGuest()).rejects.toBe(cause);
});

it('a sign-in that never answers ends after the deadline', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  connectSyncEngine(engineWith(() => new Promise<AuthResult>(() => undefined)));
  const failure = continueAsGuest().then(() => null, (err: unknown) => err);
  await vi.advanceTimersByTimeAsync(SIGN_IN_DEADLINE_MS - 1);
  let settled = false;
  void failure.then(() => (settled = true));
  await Promise.resolve();
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await failure).toBeInstanceOf(SignInTimeoutError);
});
