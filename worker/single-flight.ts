// Never two requests for the same thing at once (issue #25): a call made while the same call is
// still running shares its answer instead of asking again. A start asks for the first feed page,
// the unread count and the post changes from more than one place (the boot, the screen, the poll,
// the session's adoption); each waited for SYNC_LOCK behind the other and then asked again.

/** Runs `run` for `key` unless a run for the same key is still going: then its promise. */
export function createSingleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, run) => {
    const current = running.get(key);
    if (current) return current;
    const started = run().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
