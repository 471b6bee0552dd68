// The api client's requests on the wire, each with its own abort (worker/api-client.ts): its
// timeout, or being let go once the network is known to be back (issue #23). A request sent into
// a dead connection can hang until its timeout (15 s) with no error, and the drain waits behind
// it; when a request sent later has been answered, the earlier one is abandoned, failing as no
// answer, and the drain sends again with the same Idempotency-Key (the server applies it once).

type Flight = {
  readonly signal: AbortSignal;
  /** When it went on the wire (ms since the epoch). */
  readonly sentAt: number;
  /** Answered or failed: no longer in flight. */
  done(): void;
};

export type InFlight = {
  start(timeoutMs: number): Flight;
  /** Aborts every request still in flight that was sent before `time`. */
  abandonSentBefore(time: number): void;
};

type Entry = { sentAt: number; controller: AbortController; timer: ReturnType<typeof setTimeout> };

export function createInFlight(now: () => number = Date.now): InFlight {
  const flights = new Set<Entry>();
  const end = (entry: Entry): void => {
    clearTimeout(entry.timer);
    flights.delete(entry);
  };
  return {
    start(timeoutMs) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`No answer within ${String(timeoutMs)} ms`)), timeoutMs);
      const entry: Entry = { sentAt: now(), controller, timer };
      flights.add(entry);
      return { signal: controller.signal, sentAt: entry.sentAt, done: () => end(entry) };
    },
    abandonSentBefore(time) {
      for (const entry of [...flights]) {
        if (entry.sentAt >= time) continue;
        end(entry);
        entry.controller.abort(new Error('Sent while the network was down; a later request has been answered'));
      }
    },
  };
}
