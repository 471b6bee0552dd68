// The live stream in the sync engine (issue #48; docs/architecture/live.md 'Live stream'): the link
// (worker/live-link.ts) over the API client's stream, each hello followed by a catch-up through the
// one pull (worker/sync-pull.ts: pokes were missed while down), each poke applied
// (worker/live-apply.ts), and the poll slowed to LIVE_SAFETY_POLL_MS while a stream is up here or
// in another tab (worker/live-presence.ts). Only the engine starts it: the service worker's drain
// (sw/sw.ts) uses the same worker/ modules and never opens a stream.
import { NEW_COUNT_POLL_MS } from '../common/constants';
import { LIVE_PATH, LIVE_SAFETY_POLL_MS, type LivePoke } from '../common/live-contract';
import { bearerToken, getAuth } from '../src/model/meta';
import type { ApiClient } from './api-client';
import { applyCounts, applyNewPosts, createPullSpreader } from './live-apply';
import { LiveLink, type LiveLocks } from './live-link';
import { createLivePresence, type PresenceChannel } from './live-presence';
import type { StreamTiming } from './live-stream';
import { catchUp } from './sync-pull';

export type Live = {
  setOnline(online: boolean): void;
  setVisible(visible: boolean): void;
  /** Every answer or failure of a call (the api client's onNetwork). */
  heard(answered: boolean): void;
  sessionChanged(): void;
  /** Up here (this context holds the stream and had its hello). */
  readonly up: boolean;
  stop(): Promise<void>;
};

export type LiveOptions = {
  api: ApiClient;
  online: boolean;
  visible: boolean;
  /** The poll's interval: LIVE_SAFETY_POLL_MS while a stream is up anywhere, NEW_COUNT_POLL_MS otherwise. */
  setPollInterval(ms: number): void;
  /** Resolves once the drain running here is done: a hello's catch-up goes after the queue (worker/wake-ups.ts). */
  drained?: () => Promise<void>;
  random?: () => number;
  locks?: LiveLocks | null;
  channel?: () => PresenceChannel | null;
  hiddenGraceMs?: number;
  streamTiming?: StreamTiming;
  /** How often the holder repeats "up" to the other tabs (default LIVE_HEARTBEAT_MS). */
  presenceRepeatMs?: number;
};

/** No stream without a session, nor for one the refresh gave up on (the server would answer 401). */
async function sessionToken(): Promise<string | null> {
  const auth = await getAuth();
  return auth.expired ? null : bearerToken(auth);
}

/** What one poke does: counts and new posts at once, a pull spread (worker/live-apply.ts). */
export function pokeHandler(askPull: (spreadMs: number) => void): (poke: LivePoke) => void {
  return (poke) => {
    if (poke.counts?.length) void applyCounts(poke.counts).catch((err: unknown) => console.warn('live: counts not applied', err));
    if (poke.new_posts?.length) void applyNewPosts(poke.new_posts).catch((err: unknown) => console.warn('live: new posts not counted', err));
    if (poke.pull !== undefined) askPull(poke.pull);
  };
}

export function startLive(options: LiveOptions): Live {
  const { api } = options;
  const presence = createLivePresence({
    onChange: (anyUp) => options.setPollInterval(anyUp ? LIVE_SAFETY_POLL_MS : NEW_COUNT_POLL_MS),
    ...(options.channel ? { channel: options.channel } : {}),
    ...(options.presenceRepeatMs !== undefined ? { repeatMs: options.presenceRepeatMs } : {}),
  });
  const spreader = createPullSpreader(() => catchUp(api, 'due'), options.random);
  const link = new LiveLink({
    open: (signal) => api.openStream(LIVE_PATH, signal),
    token: sessionToken,
    // Pokes were missed while the stream was down: the one pull catches up (a pull in flight
    // joins), once what waits in the outbox went out (docs/architecture/sync-protocol.md 'Wake-ups
    // of the drain').
    onHello: () => void (options.drained?.() ?? Promise.resolve())
      .then(() => catchUp(api, 'due'))
      .catch((err: unknown) => console.warn('live: the catch-up after hello failed', err)),
    onPoke: pokeHandler((spread) => spreader.ask(spread)),
    onUp: (up) => presence.setOwnUp(up),
    online: options.online,
    visible: options.visible,
    ...(options.random ? { random: options.random } : {}),
    ...(options.locks !== undefined ? { locks: options.locks } : {}),
    ...(options.hiddenGraceMs !== undefined ? { hiddenGraceMs: options.hiddenGraceMs } : {}),
    ...(options.streamTiming ? { streamTiming: options.streamTiming } : {}),
  });
  link.start();
  return {
    setOnline: (online) => link.setOnline(online),
    setVisible: (visible) => link.setVisible(visible),
    heard: (answered) => link.heard(answered),
    sessionChanged: () => link.sessionChanged(),
    get up() {
      return link.up;
    },
    async stop() {
      spreader.cancel();
      await link.stop();
      presence.stop();
    },
  };
}
