// The live stream's link (issue #48; docs/architecture/live.md 'Live stream'): one holder per
// browser, elected by the Web Lock LIVE_LOCK (held only while this context wants the stream: a
// queued request of another tab then takes over), and the holder's reconnects. It wants the stream
// while started, online, visible or hidden for less than LIVE_HIDDEN_GRACE_MS (until its timer
// fires), with a session whose token was not refused. Down and wanted, it reconnects
// (worker/live-stream.ts tells how each try ended):
//   - no answer, a cut, silence: 1 s, 2 s, 4 s ... 30 s, each ±25% (worker/probe.ts jittered);
//     an answer to any call (heard) ends that wait at once: the network is back;
//   - the server's 5xx or a bye 'shutdown': the same backoff, only waited out;
//   - 429 (too many streams), another 4xx, or the API's 503 (no live updates there): LIVE_REFUSED_PAUSE_MS; a proxy that buffers the stream
//     (a 200 and no hello): LIVE_BUFFERED_PAUSE_MS. The poll goes on as without a stream meanwhile;
//   - 401 (the client already tried its refresh) or a bye 'revoked'/'expired': not before the
//     session's token changes (sessionChanged, or noticed at the next answer heard).
// Where Web Locks are missing (Node tests, old browsers) each context just holds it.
import { LIVE_HIDDEN_GRACE_MS, LIVE_LOCK, type LiveHello, type LivePoke } from '../common/live-contract';
import type { StreamResult } from './api-stream';
import { runStream, type StreamOutcome, type StreamTiming } from './live-stream';
import { jittered } from './probe';

export const LIVE_BACKOFF_FIRST_MS = 1_000;
export const LIVE_BACKOFF_MAX_MS = 30_000;
export const LIVE_REFUSED_PAUSE_MS = 5 * 60_000;
export const LIVE_BUFFERED_PAUSE_MS = 10 * 60_000;
/** Wanted but without a usable session: how often the store's session is read again (one read). */
export const LIVE_SESSION_RECHECK_MS = 30_000;

/** The part of the Web Locks API used here (tests give their own). */
export type LiveLocks = { request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<void> };

export type LiveLinkOptions = {
  open(signal: AbortSignal): Promise<StreamResult>;
  /** The session's bearer token now; null: none (or anonymous), so no stream. */
  token(): Promise<string | null>;
  /** A (re)connect's hello: pokes were missed while down, so the owner catches up. */
  onHello(hello: LiveHello): void;
  onPoke(poke: LivePoke): void;
  onUp(up: boolean): void;
  online: boolean;
  visible: boolean;
  random?: () => number;
  /** Default: navigator.locks where there is one. null: none. */
  locks?: LiveLocks | null;
  hiddenGraceMs?: number;
  streamTiming?: StreamTiming;
};

type Wait = { until: number; kind: 'network' | 'server' | 'long' };

function browserLocks(): LiveLocks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

export class LiveLink {
  private online: boolean;
  private visible: boolean;
  /** Set while hidden within the grace: the grace ends when it fires, never by Date.now(). */
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private running: Promise<void> | null = null;
  /** A token the server refused: no stream until the session has another. */
  private refusedToken: string | null = null;
  private wait: Wait = { until: 0, kind: 'network' };
  /** Failed tries since the last hello. */
  private attempts = 0;
  private stream: AbortController | null = null;
  /** The token the current stream was opened with. */
  private streamToken: string | null = null;
  private lockRequest: AbortController | null = null;
  private isUp = false;
  private readonly wakers = new Set<() => void>();
  /** notify() calls so far: one during a read is not slept through. */
  private changes = 0;
  private readonly random: () => number;
  private readonly locks: LiveLocks | null;

  constructor(private readonly options: LiveLinkOptions) {
    this.online = options.online;
    this.visible = options.visible;
    this.random = options.random ?? Math.random;
    this.locks = options.locks === undefined ? browserLocks() : options.locks;
  }

  get up(): boolean {
    return this.isUp;
  }

  /** When the next try may go (0: now); for tests and the docs' figures. */
  get nextTryAt(): number {
    return this.wait.until;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearGrace();
    this.update();
    await this.running;
  }

  setOnline(online: boolean): void {
    this.online = online;
    this.update();
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    this.clearGrace();
    // Over when the timer fires: Date.now() may then say a ms less has passed (the clocks round
    // apart), and nothing would look again (docs/architecture/live.md 'Live stream').
    if (!visible) {
      this.graceTimer = setTimeout(() => {
        this.graceTimer = null;
        this.update();
      }, this.options.hiddenGraceMs ?? LIVE_HIDDEN_GRACE_MS);
    }
    this.update();
  }

  /** Any call's answer (the api client's onNetwork): online, and a wait for the network ends now. */
  heard(answered: boolean): void {
    if (!answered || this.stopped) return;
    // Woken only when it may change something: every answer of a visitor's session is not a read of the store.
    let wake = !this.online || this.refusedToken !== null;
    this.online = true;
    if (this.wait.kind === 'network' && this.wait.until > Date.now()) {
      this.wait = { until: 0, kind: 'network' };
      wake = true;
    }
    if (wake) this.notify();
  }

  /** A sign-in, a logout, a refreshed token: the stream goes (again) with the session there is now. */
  sessionChanged(): void {
    if (this.wait.kind !== 'long') this.wait = { until: 0, kind: 'network' };
    this.attempts = 0;
    const stream = this.stream;
    // The same token (a start adopting the session it had): the stream stays as it is.
    void this.options.token().catch(() => null).then((token) => {
      if (this.isUp && this.stream === stream && token !== this.streamToken) stream?.abort();
      this.notify();
    });
  }

  private get wanted(): boolean {
    if (this.stopped || !this.online) return false;
    return this.visible || this.graceTimer !== null;
  }

  /** A condition changed: a stream no longer wanted closes, its lock goes; sleepers look again. */
  private update(): void {
    if (!this.wanted) {
      this.stream?.abort();
      this.lockRequest?.abort();
    }
    this.notify();
  }

  private notify(): void {
    this.changes += 1;
    for (const wake of [...this.wakers]) wake();
  }

  private clearGrace(): void {
    if (this.graceTimer !== null) clearTimeout(this.graceTimer);
    this.graceTimer = null;
  }

  /** Until `ms` have passed or something changed. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        if (timer !== null) clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(done, Math.max(0, ms)) : null;
      this.wakers.add(done);
    });
  }

  private async usableToken(): Promise<string | null> {
    const token = await this.options.token().catch(() => null);
    // The refused session is gone: whatever comes next is another.
    if (token === null) this.refusedToken = null;
    return token === null || token === this.refusedToken ? null : token;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      if (!this.wanted) {
        await this.sleep(Number.POSITIVE_INFINITY);
        continue;
      }
      const seen = this.changes;
      if ((await this.usableToken()) === null) {
        // A sign-in in another tab tells this one nothing: it looks again now and then. A change
        // told during the read (this tab's sign-in) found no sleeper: looked at now.
        if (seen === this.changes) await this.sleep(LIVE_SESSION_RECHECK_MS);
        continue;
      }
      await this.holdingLock(() => this.hold());
    }
  }

  /** Runs `fn` holding LIVE_LOCK; a request still queued when the stream is no longer wanted is withdrawn. */
  private async holdingLock(fn: () => Promise<void>): Promise<void> {
    if (!this.locks) return fn();
    const request = new AbortController();
    this.lockRequest = request;
    try {
      await this.locks.request(LIVE_LOCK, { signal: request.signal }, fn);
    } catch {
      // Withdrawn (AbortError) before it was granted: the loop looks again.
    } finally {
      if (this.lockRequest === request) this.lockRequest = null;
    }
  }

  /** The holder's part: connect, and again after each end, while wanted and the session allows. */
  private async hold(): Promise<void> {
    while (this.wanted) {
      const waitFor = this.wait.until - Date.now();
      if (waitFor > 0) {
        await this.sleep(waitFor);
        continue;
      }
      const token = await this.usableToken();
      if (token === null || !this.wanted) return;
      this.streamToken = token;
      const outcome = await this.connect();
      this.after(outcome, token);
    }
  }

  private async connect(): Promise<StreamOutcome> {
    const stream = new AbortController();
    this.stream = stream;
    const handlers = {
      open: this.options.open,
      onHello: (hello: LiveHello) => {
        this.attempts = 0;
        this.setUp(true);
        this.options.onHello(hello);
      },
      onPoke: this.options.onPoke,
    };
    try {
      return await runStream(handlers, stream.signal, this.options.streamTiming);
    } catch {
      // The store could not be read for the headers, or a handler threw: tried again as after no answer.
      return { kind: 'no-answer' };
    } finally {
      if (this.stream === stream) this.stream = null;
      this.setUp(false);
    }
  }

  private setUp(up: boolean): void {
    if (up === this.isUp) return;
    this.isUp = up;
    this.options.onUp(up);
  }

  private backoff(kind: 'network' | 'server'): void {
    this.attempts += 1;
    const base = Math.min(LIVE_BACKOFF_FIRST_MS * 2 ** (this.attempts - 1), LIVE_BACKOFF_MAX_MS);
    this.wait = { until: Date.now() + jittered(base, this.random()), kind };
  }

  private pause(ms: number): void {
    this.wait = { until: Date.now() + ms, kind: 'long' };
  }

  /** What the end of a try means for the next (see the head of this file). */
  private after(outcome: StreamOutcome, token: string): void {
    switch (outcome.kind) {
      case 'aborted':
        return;
      case 'no-answer':
      case 'silent':
      case 'ended':
        return this.backoff('network');
      case 'buffered':
        return this.pause(LIVE_BUFFERED_PAUSE_MS);
      case 'bye':
        if (outcome.reason === 'shutdown') return this.backoff('server');
        this.refusedToken = token;
        return;
      case 'status':
        if (outcome.status === 401) {
          this.refusedToken = token;
          return;
        }
        // 503 from the API itself: a server without live updates (docs/api.md 'Live'); polling it is.
        if (outcome.status === 503 || outcome.status === 501) return this.pause(LIVE_REFUSED_PAUSE_MS);
        if (outcome.status >= 500 || outcome.status === 408) return this.backoff('server');
        return this.pause(LIVE_REFUSED_PAUSE_MS);
    }
  }
}
