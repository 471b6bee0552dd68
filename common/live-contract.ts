// Issue #48: the live channel from the server to each open app (docs/api.md 'Live';
// docs/decisions/0216-live-pokes-over-one-stream-a-device-issue-48.md). Shared by the server
// (server/live/) and the sync worker (worker/live*.ts).
//
// GET /api/v1/sync/live: a Server-Sent Events stream (text/event-stream), sent with the same
// headers as every call (bearer token, channel, locale), read by the sync worker with fetch. It
// answers only for a valid session (401 otherwise, never a hung connection) and carries small
// pokes: what changed that this device's pull would return. A poke either carries the change
// itself when that is enough (`counts`, `new_posts`) or asks the device to catch up through the
// one pull it already has (`pull`), at a random moment within the spread it gives, so thousands
// of devices poked at once do not pull in the same second.
//
// Frames (each ends with a blank line):
//   event: hello   data: LiveHello   first frame, at once: the stream is up (a proxy that buffers
//                                    it never lets this through, and the device goes on polling)
//   event: poke    data: LivePoke    at most one per LIVE_COALESCE_MS per stream
//   event: bye     data: LiveBye     the server closes the stream (the session was revoked or
//                                    expired, the process is stopping); the device does not
//                                    reconnect on 'revoked' or 'expired' until its session changes
//   : ping                           an SSE comment every LIVE_HEARTBEAT_MS, so proxies keep the
//                                    connection and the device can tell a dead one

export const LIVE_PATH = 'sync/live';
/** Well inside common proxy idle timeouts (nginx's proxy_read_timeout and most load balancers: 60 s). */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Pokes to one stream are coalesced: at most one per this window (four a second). */
export const LIVE_COALESCE_MS = 250;
/** A device that hears nothing (not even a ping) for this long takes the stream for dead and reconnects. */
export const LIVE_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
/** Streams one account may hold at once (one per device; tabs of one browser share one). */
export const LIVE_MAX_STREAMS_PER_ACCOUNT = 10;
/** Streams one network address may hold at once (a church's wifi puts many members behind one). */
export const LIVE_MAX_STREAMS_PER_ADDRESS = 500;
/**
 * No herd (issue #48 point 4): when one coalescing window asks N streams of a process to pull, each
 * poke's `pull` spread is min(LIVE_MAX_SPREAD_MS, N * LIVE_SPREAD_PER_STREAM_MS), and each device
 * pulls at a random moment within it. The per-stream figure is what one catch-up costs the server
 * (bench:live's herd: 31.5 ms of CPU per sync/pull at 1,000 devices, 20 ms when the machine is
 * quiet), so the herd asks about one core of the process: 2 devices pull within 50 ms, 1,000 within
 * 25 s. At 2 ms a stream (2 s for 1,000) the same herd saturated the process: p95 20 s, 220 of 1,000
 * pulls unanswered within 15 s
 * (docs/decisions/0216-live-pokes-over-one-stream-a-device-issue-48.md). The cap is the poll's own
 * interval: a device never learns later than it did by polling. A pull about the device's own
 * account (a notification, its writes on another device) is not spread.
 */
export const LIVE_SPREAD_PER_STREAM_MS = 25;
export const LIVE_MAX_SPREAD_MS = 30_000;
/** While a stream is up the 30 s poll slows to this safety interval (common/constants.ts NEW_COUNT_POLL_MS otherwise). */
export const LIVE_SAFETY_POLL_MS = 5 * 60_000;
/** A hidden app keeps its stream this long, then closes it and catches up when visible again. */
export const LIVE_HIDDEN_GRACE_MS = 60_000;
/** Web Lock that elects the one tab (or worker) of a browser that holds the stream. */
export const LIVE_LOCK = 'prayer-live';
/** BroadcastChannel on which the holder tells the other tabs the stream is up (they slow their poll too). */
export const LIVE_BROADCAST = 'prayer-live';

/** [post id, prayed_count, comment_count] of a post this device may see, as it is now. */
export type LiveCount = [id: number, prayedCount: number, commentCount: number];

export type LiveHello = { heartbeat_ms: number; coalesce_ms: number };

export type LivePoke = {
  /** Counters of posts the device may see: applied to the posts it holds, no pull needed. */
  counts?: LiveCount[];
  /**
   * New community-feed posts of the device's channel that its viewer may see and did not write:
   * the new-posts pill grows by those it neither holds nor counted, no pull needed.
   */
  new_posts?: number[];
  /** Anything else changed for this device: catch up through GET sync/pull at a random moment within this many ms. */
  pull?: number;
};

export type LiveByeReason = 'revoked' | 'expired' | 'shutdown';
export type LiveBye = { reason: LiveByeReason };

export type LiveEvent = { event: 'hello'; data: LiveHello } | { event: 'poke'; data: LivePoke } | { event: 'bye'; data: LiveBye };
