// Issue #23 point 3: a sign-in that failed because this browser keeps no data for the site (the
// local store, IndexedDB, cannot be opened: cookies and site data blocked, some private modes).
// The session lives in that store, so nothing can sign in; the form says what the person can do
// (src/components/api-error.ts formMessage), never the storage engine's own words.
export class LocalStoreUnavailableError extends Error {
  constructor(readonly reason: unknown) {
    super('This browser keeps no data for this site, so no session can be kept');
    this.name = 'LocalStoreUnavailableError';
  }
}

export function isLocalStoreUnavailable(err: unknown): err is LocalStoreUnavailableError {
  return err instanceof LocalStoreUnavailableError;
}

/** A sign-in gives up after this long whatever hangs (a worker that never answers): the spinner ends with a message. */
export const SIGN_IN_DEADLINE_MS = 60_000;

export class SignInTimeoutError extends Error {
  constructor() {
    super(`No answer to the sign-in within ${String(SIGN_IN_DEADLINE_MS)} ms`);
    this.name = 'SignInTimeoutError';
  }
}
