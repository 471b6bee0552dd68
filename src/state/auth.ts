// docs/product.md §4 auth actions for screens. Online actions go through the sync worker (the only code
// that talks to /api/v1, docs/architecture.md 'The shape'); a failure is thrown as AuthError, which carries the
// server's status, message and field errors for the form or the banner (docs/product.md §5).
import type { ApiError, LoginBody, RegisterBody } from '../../common/contract';
import type { SocialProvider } from '../../common/account-contract';
import type { AuthResult, CallResult, LogoutOptions, ResetPasswordBody, SessionInfo, SyncApi } from '../../worker/api-types';
import { syncEngine } from '../sync/client';
import { splitLocalePrefix } from '../i18n/locale-prefix';
import { resetChannel } from './channel';
import { rememberLogin, type LoginType } from './last-login';
import { holdTokens, markLoggedOut } from './session-sync';
import { forgetSessionRuns } from '../session/run-storage';
import { forgetDraftSpills } from './draft-spill';
import { readStoredSession } from './held-session';
import { LocalStoreUnavailableError, SIGN_IN_DEADLINE_MS, SignInTimeoutError } from './store-unavailable';

export class AuthError extends Error {
  readonly status: number;
  readonly errors: ApiError['errors'];
  /** The server's error body; src/components/api-error.ts reads it from here. */
  readonly data: ApiError;

  constructor(error: ApiError) {
    super(error.message);
    this.name = 'AuthError';
    this.status = error.status;
    this.errors = error.errors;
    this.data = error;
  }
}

/** Logout refused because `unsent` changes would be lost; ask, then logout({ force: true }). */
export class UnsentChangesError extends AuthError {
  readonly unsent: number;

  constructor(error: ApiError, unsent: number) {
    super(error);
    this.name = 'UnsentChangesError';
    this.unsent = unsent;
  }
}

function settle(result: AuthResult): SessionInfo {
  if (!result.ok) throw new AuthError(result.error);
  holdTokens(result.tokens);
  return result.session;
}

function settleMember(result: AuthResult, loginType: LoginType): SessionInfo {
  const session = settle(result);
  // docs/product.md §3: the last login is kept locally for /login/welcome-back.
  rememberLogin(session.user, loginType);
  return session;
}

/** A call's data, or its error thrown as AuthError (for the form or the banner). */
export function unwrap<T>(result: CallResult<T>): T {
  if (!result.ok) throw new AuthError(result.error);
  return result.data;
}

/**
 * A sign-in call through the engine, which always ends (issue #23 point 3: no endless spinner):
 * after SIGN_IN_DEADLINE_MS it fails, and a failure that is not the server's answer is checked
 * against the local store: when the browser keeps no data for this site, it fails as
 * LocalStoreUnavailableError, which the form turns into what the person can do.
 */
async function signInCall<R extends AuthResult>(call: (engine: SyncApi) => Promise<R>): Promise<R> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SignInTimeoutError()), SIGN_IN_DEADLINE_MS);
  });
  try {
    return await Promise.race([syncEngine().then(call), late]);
  } catch (err) {
    const store = await readStoredSession();
    throw store.kind === 'unavailable' ? new LocalStoreUnavailableError(store.error) : err;
  } finally {
    clearTimeout(timer);
  }
}

/** docs/product.md §4 guest login; a guest token already held is sent so the same guest comes back. */
export async function continueAsGuest(): Promise<SessionInfo> {
  return settle(await signInCall((engine) => engine.guestLogin()));
}

/** Stores the token (local store; cookie mirror, 365 days), loads the user and clears the guest state (docs/architecture/sync-protocol.md 'Session'). */
export async function login(body: LoginBody): Promise<SessionInfo> {
  return settleMember(await signInCall((engine) => engine.login(body)), 'email');
}

/** As login; a guest who registers keeps what they posted, prayed and bookmarked. */
export async function register(body: RegisterBody): Promise<SessionInfo> {
  return settleMember(await signInCall((engine) => engine.register(body)), 'email');
}

/** docs/product.md §7 POST auth/forgot-password: always the same answer, so nobody learns who has an account. */
export async function forgotPassword(email: string): Promise<string> {
  return unwrap(await (await syncEngine()).account('forgotPassword', { email })).message;
}

/** docs/product.md §7 POST auth/reset-password: sets the password and signs in, like login (docs/product.md §4). */
export async function resetPassword(body: ResetPasswordBody): Promise<SessionInfo> {
  return settleMember(await signInCall((engine) => engine.resetPassword(body)), 'email');
}

type ProviderSignIn = { session: SessionInfo; created: boolean; linked: boolean };

/** docs/product.md §2 /auth/provider/callback/{provider}: the code and state the provider returned. */
export async function completeProviderSignIn(provider: SocialProvider, query: Record<string, string>): Promise<ProviderSignIn> {
  const result = await signInCall((engine) => engine.providerCallback({ provider, query }));
  const session = settleMember(result, provider);
  return { session, created: result.ok && result.created === true, linked: result.ok && result.linked === true };
}

/**
 * docs/product.md §4 logout: clears user, guest, posts and lists, sets the logged-out flag and resets the
 * channel locale; the caller then goes to '/'. Throws AuthError 422 'You are not logged in'
 * without a session (docs/product.md §8), and UnsentChangesError when unsent changes exist and `force` is
 * not set (docs/architecture/sync-protocol.md 'Outbox and sync protocol': nothing is dropped
 * silently).
 */
export async function logout(options: LogoutOptions = {}): Promise<void> {
  const result = await (await syncEngine()).logout(options);
  if (!result.ok) {
    throw result.unsent > 0 ? new UnsentChangesError(result.error, result.unsent) : new AuthError(result.error);
  }
  holdTokens({ memberToken: null, guestToken: null });
  markLoggedOut();
  forgetSessionRuns();
  forgetDraftSpills();
  await resetChannel(typeof location === 'undefined' ? null : splitLocalePrefix(location.pathname).locale);
}
