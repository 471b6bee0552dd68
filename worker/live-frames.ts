// The frames of the live stream (issue #48; docs/architecture/live.md 'Live stream'; the wire in
// common/live-contract.ts): Server-Sent Events read from a fetch body, byte chunk by byte chunk.
// A chunk may end anywhere, in the middle of a UTF-8 character or of a line, or between the CR
// and the LF of a CRLF: the decoder is streaming and a line is taken only once its end is seen.
// Lines end with CRLF, LF or CR (the SSE rules); a line starting with ':' is a comment (the
// server's ping); several `data:` lines of one frame are joined with '\n'; `id` and `retry` are
// not used (the link has its own backoff and every reconnect catches up through the one pull).
import type { LiveBye, LiveCount, LiveEvent, LiveHello, LivePoke } from '../common/live-contract';

export type SseFrame = { event: string; data: string };

export type FrameReader = {
  /** The next bytes of the body. */
  push(chunk: Uint8Array): void;
  /** The body ended: what the decoder held is flushed (an unfinished frame is dropped, as SSE says). */
  end(): void;
};

type FrameSink = { frame(frame: SseFrame): void; comment?(text: string): void };

export function createFrameReader(sink: FrameSink): FrameReader {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let started = false;
  /** The last chunk ended with a CR: a LF at the start of the next belongs to it. */
  let afterCr = false;

  const dispatch = () => {
    if (data.length > 0) sink.frame({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return sink.comment?.(text.slice(1).trimStart());
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  const take = (text: string) => {
    buffer += text;
    if (!started && buffer.length > 0) {
      started = true;
      if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
    }
    if (afterCr && buffer.startsWith('\n')) buffer = buffer.slice(1);
    afterCr = false;
    let at = 0;
    for (;;) {
      const cr = buffer.indexOf('\r', at);
      const lf = buffer.indexOf('\n', at);
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      if (end < 0) break;
      line(buffer.slice(at, end));
      if (buffer[end] === '\r') {
        if (end + 1 === buffer.length) {
          afterCr = true;
          at = end + 1;
          break;
        }
        at = buffer[end + 1] === '\n' ? end + 2 : end + 1;
      } else {
        at = end + 1;
      }
    }
    buffer = buffer.slice(at);
  };
  return {
    push: (chunk) => take(decoder.decode(chunk, { stream: true })),
    end: () => take(decoder.decode()),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function isLiveCount(value: unknown): value is LiveCount {
  return Array.isArray(value) && value.length === 3 && isId(value[0]) && isCount(value[1]) && isCount(value[2]);
}

/** A poke's parts that are well formed; a malformed part is left out, never guessed at. */
function pokeOf(value: Record<string, unknown>): LivePoke {
  const poke: LivePoke = {};
  if (Array.isArray(value.counts)) poke.counts = value.counts.filter(isLiveCount);
  if (Array.isArray(value.new_posts)) poke.new_posts = value.new_posts.filter(isId);
  if (typeof value.pull === 'number' && Number.isFinite(value.pull) && value.pull >= 0) poke.pull = value.pull;
  return poke;
}

function helloOf(value: Record<string, unknown>): LiveHello {
  return {
    heartbeat_ms: typeof value.heartbeat_ms === 'number' ? value.heartbeat_ms : 0,
    coalesce_ms: typeof value.coalesce_ms === 'number' ? value.coalesce_ms : 0,
  };
}

function byeOf(value: Record<string, unknown>): LiveBye | null {
  return value.reason === 'revoked' || value.reason === 'expired' || value.reason === 'shutdown' ? { reason: value.reason } : null;
}

/** A frame as one of the contract's events; null for an unknown event or data that is not its JSON. */
export function liveEventOf(frame: SseFrame): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(frame.data);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  if (frame.event === 'hello') return { event: 'hello', data: helloOf(value) };
  if (frame.event === 'poke') return { event: 'poke', data: pokeOf(value) };
  if (frame.event === 'bye') {
    const bye = byeOf(value);
    return bye ? { event: 'bye', data: bye } : null;
  }
  return null;
}
