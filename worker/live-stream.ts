// One connection of the live stream, from its opening to its end (issue #48;
// docs/architecture/live.md 'Live stream'; the wire in common/live-contract.ts). It opens GET
// sync/live through the API client, reads its frames (worker/live-frames.ts) and hands hello and
// pokes to the link, and says how it ended, which is all the link (worker/live-link.ts) needs to
// choose when to try again:
//   - no hello within LIVE_HELLO_TIMEOUT_MS of a 200: a proxy that buffers the stream;
//   - no byte at all (not even a ping) for LIVE_SILENCE_MS: a dead connection;
//   - `bye`: the server closed it, and why.
import { LIVE_SILENCE_MS, type LiveByeReason, type LiveHello, type LivePoke } from '../common/live-contract';
import type { StreamResult } from './api-stream';
import { createFrameReader, liveEventOf } from './live-frames';

/** A 200 that brings no hello this soon is a proxy holding the stream back (the server sends it at once). */
export const LIVE_HELLO_TIMEOUT_MS = 10_000;

export type StreamOutcome =
  /** Closed from here (no longer wanted, the session changed, the link stopped). */
  | { kind: 'aborted'; up: boolean }
  /** The request went out and no answer of the API came back (status 0). */
  | { kind: 'no-answer' }
  /** The API answered with an error status: 401 (after the refresh the client tried), 429, 5xx... */
  | { kind: 'status'; status: number }
  /** A 200 and no hello: buffered on the way. */
  | { kind: 'buffered' }
  /** Silence for LIVE_SILENCE_MS: a dead connection. */
  | { kind: 'silent'; up: boolean }
  /** The body ended (or failed) without a bye: a proxy's timeout, a restart, a cut. */
  | { kind: 'ended'; up: boolean }
  | { kind: 'bye'; reason: LiveByeReason; up: boolean };

export type StreamHandlers = {
  open(signal: AbortSignal): Promise<StreamResult>;
  onHello(hello: LiveHello): void;
  onPoke(poke: LivePoke): void;
};

export type StreamTiming = { helloTimeoutMs: number; silenceMs: number };
const DEFAULT_TIMING: StreamTiming = { helloTimeoutMs: LIVE_HELLO_TIMEOUT_MS, silenceMs: LIVE_SILENCE_MS };

/** Reads one connection until it ends; `signal` closes it from here. */
export async function runStream(handlers: StreamHandlers, signal: AbortSignal, timing: StreamTiming = DEFAULT_TIMING): Promise<StreamOutcome> {
  const opened = await handlers.open(signal);
  if (signal.aborted) {
    if (opened.ok) void opened.body.cancel().catch(() => undefined);
    return { kind: 'aborted', up: false };
  }
  if (!opened.ok) return opened.status === 0 ? { kind: 'no-answer' } : { kind: 'status', status: opened.status };
  return readStream(opened.body, handlers, signal, timing);
}

async function readStream(body: ReadableStream<Uint8Array>, handlers: StreamHandlers, signal: AbortSignal, timing: StreamTiming): Promise<StreamOutcome> {
  const reader = body.getReader();
  let up = false;
  // Set from the timers' and the signal's callbacks too: read through the object.
  const end: { outcome: StreamOutcome | null } = { outcome: null };
  let lastByteAt = Date.now();
  const finish = (outcome: StreamOutcome) => {
    end.outcome ??= outcome;
    void reader.cancel().catch(() => undefined);
  };
  const onAbort = () => finish({ kind: 'aborted', up });
  signal.addEventListener('abort', onAbort, { once: true });
  const helloTimer = setTimeout(() => finish({ kind: 'buffered' }), timing.helloTimeoutMs);
  // Re-armed from the last byte's time rather than on every chunk.
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  const watchSilence = (delay: number) => {
    silenceTimer = setTimeout(() => {
      const quietFor = Date.now() - lastByteAt;
      if (quietFor >= timing.silenceMs) finish({ kind: 'silent', up });
      else watchSilence(timing.silenceMs - quietFor);
    }, delay);
  };
  watchSilence(timing.silenceMs);
  const frames = createFrameReader({
    frame(frame) {
      const event = end.outcome ? null : liveEventOf(frame);
      if (event?.event === 'hello' && !up) {
        up = true;
        clearTimeout(helloTimer);
        handlers.onHello(event.data);
      } else if (event?.event === 'poke' && up) {
        handlers.onPoke(event.data);
      } else if (event?.event === 'bye') {
        finish({ kind: 'bye', reason: event.data.reason, up });
      }
    },
  });
  try {
    while (end.outcome === null) {
      const { done, value } = await reader.read();
      if (done) {
        frames.end();
        finish({ kind: 'ended', up });
      } else {
        lastByteAt = Date.now();
        frames.push(value);
      }
    }
  } catch {
    finish(signal.aborted ? { kind: 'aborted', up } : { kind: 'ended', up });
  } finally {
    clearTimeout(helloTimer);
    clearTimeout(silenceTimer);
    signal.removeEventListener('abort', onAbort);
  }
  return end.outcome ?? { kind: 'ended', up };
}
