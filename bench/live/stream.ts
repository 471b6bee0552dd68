// A device's live stream as the load benches hold it (issue #48; common/live-contract.ts): GET
// /api/v1/sync/live over its own socket (no keep-alive pool), with the headers of every call
// (bearer token, channel, locale), read as Server-Sent Events. It only listens: each frame is
// timed with performance.now() of this process as it arrives, so a bench that writes from the
// same process has the write's start and the poke's arrival on one clock.
import http from 'node:http';
import { LIVE_PATH, type LiveBye, type LiveHello, type LivePoke } from '../../common/live-contract';

export type LiveStreamOptions = {
  /** http://127.0.0.1:PORT of the API process. */
  origin: string;
  token: string;
  channelId?: number;
  lang?: string;
  /**
   * Source address of the socket (127.0.0.0/8 is all loopback on Linux): the server caps the
   * streams of one address (LIVE_MAX_STREAMS_PER_ADDRESS), so a thousand devices come from several.
   */
  localAddress?: string;
  /** No hello within this many ms: the stream counts as refused. */
  helloTimeoutMs?: number;
};

export type TimedPoke = { at: number; poke: LivePoke };

export class LiveStream {
  status = 0;
  hello: LiveHello | null = null;
  helloAt = Number.NaN;
  readonly pokes: TimedPoke[] = [];
  pings = 0;
  bytes = 0;
  bye: LiveBye | null = null;
  /** Why the stream ended ('closed' when this side closed it), null while it is up. */
  ended: string | null = null;
  /** Called on every poke as it arrives (after it is recorded). */
  onPoke: ((poke: TimedPoke) => void) | null = null;
  private readonly request: http.ClientRequest;
  private buffer = '';
  private isClosing = false;
  private readonly opened: Promise<void>;

  constructor(readonly options: LiveStreamOptions) {
    const url = new URL(`/api/v1/${LIVE_PATH}`, options.origin);
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: 'text/event-stream',
      'x-channel-id': String(options.channelId ?? 1),
      'x-lang': options.lang ?? 'en-US',
    };
    let settle: { resolve: () => void; reject: (error: Error) => void } | null = null;
    this.opened = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const fail = (why: string) => {
      if (settle !== null) settle.reject(new Error(why));
      settle = null;
    };
    const timer = setTimeout(() => {
      fail(`no hello within ${String(options.helloTimeoutMs ?? 15_000)} ms (status ${String(this.status)})`);
      this.close();
    }, options.helloTimeoutMs ?? 15_000);
    this.request = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers, agent: false,
      ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
    }, (response) => {
      this.status = response.statusCode ?? 0;
      if (this.status !== 200) {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body = (body + chunk).slice(0, 300);
        });
        response.on('end', () => {
          clearTimeout(timer);
          this.ended = `HTTP ${String(this.status)}`;
          fail(`HTTP ${String(this.status)}: ${body}`);
        });
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        this.bytes += Buffer.byteLength(chunk);
        this.buffer += chunk.replaceAll('\r\n', '\n');
        for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
          const frame = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          this.frame(frame, at);
          if (this.hello !== null && settle !== null) {
            clearTimeout(timer);
            settle.resolve();
            settle = null;
          }
        }
      });
      response.on('end', () => {
        clearTimeout(timer);
        this.ended ??= this.isClosing ? 'closed' : this.bye === null ? 'ended by the server' : `bye: ${this.bye.reason}`;
        fail(`ended before its hello (${this.ended})`);
      });
      response.on('error', () => undefined);
    });
    this.request.on('error', (error) => {
      clearTimeout(timer);
      this.ended ??= this.isClosing ? 'closed' : `error: ${error.message}`;
      fail(this.ended);
    });
    this.request.end();
  }

  /** Resolves on the hello frame; rejects on another status, an error or no hello in time. */
  ready(): Promise<void> {
    return this.opened;
  }

  get isUp(): boolean {
    return this.hello !== null && this.ended === null;
  }

  /** The first poke that arrived at or after `since` and satisfies `matches`. */
  firstPoke(since: number, matches: (poke: LivePoke) => boolean = () => true): TimedPoke | undefined {
    return this.pokes.find((timed) => timed.at >= since && matches(timed.poke));
  }

  close(): void {
    this.isClosing = true;
    this.request.destroy();
  }

  private frame(frame: string, at: number): void {
    let event = 'message';
    const data: string[] = [];
    let isComment = false;
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) isComment = true;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) {
      if (isComment) this.pings += 1;
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    if (event === 'hello') {
      this.hello = parsed as LiveHello;
      this.helloAt = at;
    } else if (event === 'poke') {
      const timed = { at, poke: parsed as LivePoke };
      this.pokes.push(timed);
      this.onPoke?.(timed);
    } else if (event === 'bye') {
      this.bye = parsed as LiveBye;
    }
  }
}

/** Opens `count` streams, at most `parallel` being opened at once; `optionsOf(i)` gives each one's. */
export async function openStreams(count: number, parallel: number, optionsOf: (i: number) => LiveStreamOptions): Promise<{ streams: LiveStream[]; failures: string[] }> {
  const streams: LiveStream[] = [];
  const failures: string[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next; i < count; i = next) {
      next += 1;
      const stream = new LiveStream(optionsOf(i));
      streams.push(stream);
      try {
        await stream.ready();
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
  return { streams, failures };
}

/** Source address of device `i` when each address holds at most `perAddress` streams: 127.0.1.1, 127.0.1.2... */
export function loopbackAddress(i: number, perAddress: number): string {
  const n = Math.floor(i / perAddress) + 1;
  return `127.0.${String(1 + Math.floor(n / 250))}.${String(1 + (n % 250))}`;
}
