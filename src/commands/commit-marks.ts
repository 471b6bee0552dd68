// Issue #12: the keys of the entries this page committed, newest last, so a toast about a change
// can follow that entry's fate (src/routes/-change-toast.ts) without every command returning it.
// A module of its own (issue #14 point 2): the toast is on the first screen, the commands and the
// op registry behind commit() load on first use (src/commands/lazy.ts).
const RECENT_COMMITS = 50;
const recentKeys: string[] = [];
let commitCount = 0;

export function rememberCommit(key: string): void {
  recentKeys.push(key);
  if (recentKeys.length > RECENT_COMMITS) recentKeys.shift();
  commitCount += 1;
}

/** A mark to pass to keysCommittedSince() after running a command. */
export function commitMark(): number {
  return commitCount;
}

/** The outbox keys committed in this page since `mark` (empty: the command queued nothing). */
export function keysCommittedSince(mark: number): string[] {
  const count = Math.min(commitCount - mark, recentKeys.length);
  return count <= 0 ? [] : recentKeys.slice(-count);
}
