// docs/product.md §4 logout clears the user's prayer lists: the guided sessions in progress kept in
// localStorage (src/session/run.ts, one per account and source) hold their requests' texts,
// so signing out forgets them all
// (docs/decisions/0100-a-guided-prayer-session-the-run-lives-in-localstorage.md).
import { forgetKeysStartingWith } from '../platform/runtime';

const SESSION_RUN_PREFIX = 'prayer-session:v2:';

/** The localStorage key of a run: one per account and source, shared by the app's tabs. */
export function runStorageKey(account: string, source: string): string {
  return `${SESSION_RUN_PREFIX}${account}:${source}`;
}

export function forgetSessionRuns(): void {
  forgetKeysStartingWith(SESSION_RUN_PREFIX);
}
