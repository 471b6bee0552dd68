// Reading GET sync/live in the server tests (issue #48; common/live-contract.ts): the frames parsed
// and kept in order, and waits for the next one that matches. node:http rather than fetch: a fetch
// whose body is cancelled leaves undici opening a spare connection that never sends a request, and
// the server's close then waits for Node's headers timeout (60 s) for it.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { LiveBye, LiveEvent, LiveHello, LivePoke } from '../../common/live-contract';

export type Frame = LiveEvent | { event: 'ping' };

export type LiveOpen = { status: number; headers: Headers; json: unknown; stream: LiveClient | null };

type Waiter = { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void };

export class LiveClient {
  readonly frames: Frame[] = [];
  ended = false;
  private readonly waiters = new Set<Waiter>();
  private endWaiters: (() => void)[] = [];
  private read = 0;

  constructor(private readonly request: ClientRequest, body: IncomingMessage) {
    this.pump(body);
  }

  /** Frames received so far are not looked at by next() and poke(). */
  skip(): void {
    this.read = this.frames.length;
  }

  /** Every poke received so far. */
  pokes(): LivePoke[] {
    return this.frames.flatMap((f) => (f.event === 'poke' ? [f.data] : []));
  }

  /** The next frame (after those already taken by next()) that matches, within `timeoutMs`. */
  async next(match: (frame: Frame) => boolean = () => true, timeoutMs = 3_000): Promise<Frame> {
    while (this.read < this.frames.length) {
      const frame = this.frames[this.read];
      this.read += 1;
      if (frame !== undefined && match(frame)) return frame;
    }
    return new Promise<Frame>((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching live frame within ${String(timeoutMs)} ms; got ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** The next poke that matches. */
  async poke(match: (poke: LivePoke) => boolean = () => true, timeoutMs = 3_000): Promise<LivePoke> {
    const frame = await this.next((f) => f.event === 'poke' && match(f.data), timeoutMs);
    if (frame.event !== 'poke') throw new Error('not a poke');
    return frame.data;
  }

  /** Resolves once the server has ended the stream. */
  closed(timeoutMs = 3_000): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the live stream did not end')), timeoutMs);
      this.endWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    this.request.destroy();
  }

  private push(frame: Frame): void {
    this.frames.push(frame);
    for (const waiter of this.waiters) {
      if (!waiter.match(frame)) continue;
      this.waiters.delete(waiter);
      this.read = this.frames.length;
      waiter.resolve(frame);
      return;
    }
  }

  private pump(body: IncomingMessage): void {
    let text = '';
    body.setEncoding('utf8');
    body.on('data', (chunk: string) => {
      text += chunk;
      let end = text.indexOf('\n\n');
      while (end >= 0) {
        const frame = parseFrame(text.slice(0, end));
        if (frame !== null) this.push(frame);
        text = text.slice(end + 2);
        end = text.indexOf('\n\n');
      }
    });
    const ended = () => {
      if (this.ended) return;
      this.ended = true;
      for (const done of this.endWaiters) done();
      this.endWaiters = [];
    };
    body.on('end', ended);
    body.on('close', ended);
    body.on('error', ended);
  }
}

function parseFrame(block: string): Frame | null {
  if (block.startsWith(': ping')) return { event: 'ping' };
  const event = /^event: (.+)$/m.exec(block)?.[1];
  const data = /^data: (.+)$/m.exec(block)?.[1];
  if (event === undefined || data === undefined) return null;
  const parsed: unknown = JSON.parse(data);
  if (event === 'hello') return { event, data: parsed as LiveHello };
  if (event === 'poke') return { event, data: parsed as LivePoke };
  if (event === 'bye') return { event, data: parsed as LiveBye };
  return null;
}

/** Opens GET sync/live; a stream only for a 200 (any other answer is read as JSON). */
export async function openLive(baseUrl: string, token: string | undefined, headers: Record<string, string> = {}): Promise<LiveOpen> {
  const all: Record<string, string> = { ...headers };
  if (token !== undefined) all.authorization = `Bearer ${token}`;
  const request = httpRequest(`${baseUrl}/api/v1/sync/live`, { headers: all, agent: false });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
  if (response.statusCode !== 200) {
    const text = await new Promise<string>((resolve) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    return { status: response.statusCode ?? 0, headers: answerHeaders, json: text === '' ? null : JSON.parse(text), stream: null };
  }
  return { status: 200, headers: answerHeaders, json: null, stream: new LiveClient(request, response) };
}

/** A stream that must open; its hello frame already read. */
export async function liveStream(baseUrl: string, token: string, headers: Record<string, string> = {}): Promise<LiveClient> {
  const opened = await openLive(baseUrl, token, headers);
  if (opened.stream === null) throw new Error(`live stream refused: ${String(opened.status)} ${JSON.stringify(opened.json)}`);
  await opened.stream.next((f) => f.event === 'hello');
  return opened.stream;
}

/** Lets a window of announcements be routed (LIVE_COALESCE_MS and the routing's query) before asserting silence. */
export function settle(ms = 700): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
