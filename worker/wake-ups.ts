// The drain's wake-ups (docs/architecture/sync-protocol.md 'Wake-ups of the drain'; issue #23: sync
// never waits for an event that may not come). The drain runs:
//   - at start, after every command (poke, backoff respected), at sign-in;
//   - at once, backoff ignored: 'online', becoming visible, window focus (src/sync/client.ts);
//   - at the head's nextAttemptAt, on a timer, whatever navigator.onLine says;
//   - while the head waits after a request that got NO answer and the page is visible: a probe of
//     GET health every 0.6-1 s (every 3-5 s while navigator.onLine is false: a hint, not a verdict);
//   - on any HTTP answer from the server (the probe's or any other call's) while the head waits
//     for the network: its network backoff is reset and it goes at once.
// A head waiting after the server's own 5xx, 408 or 429 has no probe: the server's rules (its
// backoff) hold. Hidden, nothing probes: the timer, Background Sync and the next visibility,
// focus or open take over. The 30 s poll and the prefetch run while online and visible, and an
// answer from the server counts as online (a browser may never fire 'online').
import type { ApiClient } from './api-client';
import type { DrainReport } from './api-types';
import { drainOutbox } from './drain';
import { createProbe, PROBE_TIMEOUT_MS, type Probe } from './probe';

type DrainRequest = { ignoreBackoff: boolean; resetNetworkBackoff: boolean };

const IN_TURN: DrainRequest = { ignoreBackoff: false, resetNetworkBackoff: false };
const NOW: DrainRequest = { ignoreBackoff: true, resetNetworkBackoff: false };
const NETWORK_BACK: DrainRequest = { ignoreBackoff: false, resetNetworkBackoff: true };

type WakeUpsOptions = {
  api: ApiClient;
  online: boolean;
  visible: boolean;
  /** Asked whenever an entry waits for a retry: the service worker drains should every tab close. */
  requestBackgroundSync(): void;
  /** The 30 s poll and the prefetch's timer: on while online and visible. */
  setBackgroundActive(active: boolean): void;
  /** The network came back (an 'online' event or an answer while offline): prefetch now. */
  onBackOnline(): void;
  random?: () => number;
};

export class WakeUps {
  private online: boolean;
  private visible: boolean;
  /** The last drain stopped with the head waiting after a request that got no answer. */
  private waitsForNetwork = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<DrainReport> | null = null;
  private again: DrainRequest & { requested: boolean } = { ...IN_TURN, requested: false };
  private stopped = false;
  private readonly probe: Probe;

  constructor(private readonly options: WakeUpsOptions) {
    this.online = options.online;
    this.visible = options.visible;
    this.probe = createProbe(() => options.api.ping(PROBE_TIMEOUT_MS), options.random);
    this.updateBackground();
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** After a command: drain soon, respecting backoff. */
  poke(): Promise<DrainReport> {
    return this.run(IN_TURN);
  }

  /** Drain now, ignoring backoff. */
  drain(): Promise<DrainReport> {
    return this.run(NOW);
  }

  /**
   * Back online, what waits in the outbox goes first: the poll (its catch-up takes the sync lock)
   * starts once the drain is done, so a pull never holds up the queue (issue #25 P4: at 5,000
   * waiting prays the pull went first and cost the push ~0.35 s).
   */
  setOnline(online: boolean): void {
    this.online = online;
    this.updateProbe();
    if (!online) return this.updateBackground();
    this.onceDrained(this.run(NOW));
  }

  /** Also told on window focus: a person is here, so the drain goes at once. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.updateBackground();
    this.updateProbe();
    if (visible) void this.run(NOW);
  }

  /** Every request on the wire reports here (worker/api-client.ts onNetwork). */
  heard(answered: boolean, sentAt: number): void {
    if (!answered || this.stopped) return;
    const wasOffline = !this.online;
    this.online = true;
    let drained: Promise<unknown> = Promise.resolve();
    if (this.waitsForNetwork) {
      this.waitsForNetwork = false;
      // A request sent earlier and still waiting went into the dead network: let it go, so the
      // drain behind it does not wait out its timeout (worker/in-flight.ts).
      this.options.api.abandonSentBefore(sentAt);
      drained = this.run(NETWORK_BACK);
    }
    this.updateProbe();
    if (wasOffline) this.onceDrained(drained);
  }

  /** Back online: the poll and the prefetch once `drained` is done (see setOnline). */
  private onceDrained(drained: Promise<unknown>): void {
    void drained.then(() => {
      if (!this.online || this.stopped) return;
      this.updateBackground();
      this.options.onBackOnline();
    });
  }

  /** Once no drain runs here (the live stream's catch-up waits for it: the queue first, as after 'online'). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.probe.set('off');
    this.clearRetryTimer();
    this.options.setBackgroundActive(false);
    await this.running;
  }

  /** Single flight: a wake-up during a drain makes the running drain go round once more. */
  private async run(request: DrainRequest): Promise<DrainReport> {
    if (this.running) {
      this.again = {
        requested: true,
        ignoreBackoff: this.again.ignoreBackoff || request.ignoreBackoff,
        resetNetworkBackoff: this.again.resetNetworkBackoff || request.resetNetworkBackoff,
      };
      return this.running;
    }
    this.running = this.loop(request).finally(() => {
      this.running = null;
    });
    const report = await this.running;
    this.afterDrain(report);
    return report;
  }

  private async loop(first: DrainRequest): Promise<DrainReport> {
    let report = await drainOutbox(this.options.api, first);
    while (this.again.requested) {
      // What a round found holds while the next one goes: a round that got no answer leaves the
      // network marked down, so an answer heard while the next round's request hangs lets it go
      // (heard). Without it, that request waited out REQUEST_TIMEOUT_MS (15 s) on a busy host.
      this.noteNetwork(report);
      const next = this.again;
      this.again = { ...IN_TURN, requested: false };
      report = await drainOutbox(this.options.api, next);
    }
    return report;
  }

  private noteNetwork(report: DrainReport): void {
    this.waitsForNetwork = report.retryAt !== null && report.waitsForNetwork;
    this.updateProbe();
  }

  private afterDrain(report: DrainReport): void {
    this.clearRetryTimer();
    this.noteNetwork(report);
    if (report.retryAt === null || this.stopped) return;
    // Should every tab close before the retry, the service worker's 'sync' event drains.
    this.options.requestBackgroundSync();
    // Also while the browser says it is offline: the 'online' event may never come.
    this.retryTimer = setTimeout(() => void this.run(IN_TURN), Math.max(0, report.retryAt - Date.now()));
  }

  private clearRetryTimer(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private updateProbe(): void {
    if (this.stopped || !this.visible || !(this.waitsForNetwork || !this.online)) return this.probe.set('off');
    this.probe.set(this.online || browserSaysOnline() ? 'fast' : 'slow');
  }

  private updateBackground(): void {
    if (!this.stopped) this.options.setBackgroundActive(this.online && this.visible);
  }
}

/** This context's navigator.onLine read now (a worker's mirrors the page's), in case no event told us. */
function browserSaysOnline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === true;
}
