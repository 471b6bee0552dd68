// Stores that go on while the next pages are fetched (worker/feed-read-ahead.ts): run in order,
// one at a time, with at most one waiting behind the one running, so a fetch never waits on a
// store unless two are already behind it and fetched pages do not pile up in memory.

export class StoreQueue {
  private last: Promise<void> = Promise.resolve();
  private beforeLast: Promise<void> = Promise.resolve();

  /**
   * Queues `store` after the ones before it; resolves once it is queued (the store before the
   * last has finished). A store that failed ends the queue: this rejects with its error, and
   * so does every later add and `settled`.
   */
  async add(store: () => Promise<void>): Promise<void> {
    await this.beforeLast;
    this.beforeLast = this.last;
    this.last = this.last.then(store);
    // Seen by the next add or by settled(); not unhandled meanwhile.
    this.last.catch(() => undefined);
  }

  /** Resolves when every queued store has finished; rejects if one failed. */
  async settled(): Promise<void> {
    await this.last;
  }
}
