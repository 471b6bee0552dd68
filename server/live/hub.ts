// The live streams of one API process (issue #48; docs/api.md 'Live'): it holds them (with the caps
// per account and per address), LISTENs to the database's announcements (./announcements.ts), and
// once per coalescing window routes what arrived to pokes (./routing.ts): a window starts with the
// first announcement after a quiet LIVE_COALESCE_MS and ends LIVE_COALESCE_MS after the previous
// one, so a stream gets at most one poke per window, and a burst of prays becomes a few pokes.
// One window is routed at a time. Pings keep proxies from closing idle streams.
import type { FastifyBaseLogger } from 'fastify';
import {
  LIVE_COALESCE_MS, LIVE_HEARTBEAT_MS, LIVE_MAX_STREAMS_PER_ACCOUNT, LIVE_MAX_STREAMS_PER_ADDRESS, type LivePoke,
} from '../../common/live-contract';
import type { Db } from '../db/client';
import type { Listen, Unlisten } from '../db/listener';
import { LIVE_NOTIFY_CHANNEL, parseAnnouncement, type Announcement } from './announcements';
import { endedStreams, routeWindow } from './routing';
import { LiveStream, type StreamOwner } from './stream';

/** Announcements of one commit arrive together; this short wait gathers them into one window. */
const GATHER_MS = 5;

/** What the hub reports (server/http/metrics.ts; a no-op when metrics are off). */
export type LiveMetrics = {
  streamOpened(): void;
  streamClosed(): void;
  poked(poke: LivePoke): void;
  refused(reason: 'account' | 'address'): void;
};

export const NO_LIVE_METRICS: LiveMetrics = { streamOpened: () => undefined, streamClosed: () => undefined, poked: () => undefined, refused: () => undefined };

export type LiveHubOptions = {
  db: Db;
  /** The database's LISTEN (server/db/client.ts listenerOf); undefined: no announcements, the route answers 503. */
  listen: Listen | undefined;
  metrics: LiveMetrics;
  log: FastifyBaseLogger;
  maxPerAccount?: number;
  maxPerAddress?: number;
};

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly perUser = new Map<number, number>();
  private readonly perAddress = new Map<string, number>();
  private pending: Announcement[] = [];
  private reconnected = false;
  private timer: NodeJS.Timeout | undefined;
  private routing: Promise<void> | null = null;
  private lastWindow = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: Unlisten | undefined;
  private stopped = false;

  constructor(private readonly options: LiveHubOptions) {}

  /** Whether streams can be served: the database announces changes. */
  get available(): boolean {
    return this.unlisten !== undefined && !this.stopped;
  }

  get size(): number {
    return this.streams.size;
  }

  async start(): Promise<void> {
    const { listen } = this.options;
    if (listen === undefined) return;
    this.unlisten = await listen(LIVE_NOTIFY_CHANNEL, (payload) => this.receive(payload), () => this.caughtUp());
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.ping();
    }, LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The caps (docs/api.md 'Live'): per account, and per client address. */
  get caps(): { account: number; address: number } {
    return { account: this.options.maxPerAccount ?? LIVE_MAX_STREAMS_PER_ACCOUNT, address: this.options.maxPerAddress ?? LIVE_MAX_STREAMS_PER_ADDRESS };
  }

  /** Why a new stream of this account and address is refused, or null when it may open. */
  refusal(userId: number, address: string): 'account' | 'address' | null {
    const caps = this.caps;
    if ((this.perUser.get(userId) ?? 0) >= caps.account) return 'account';
    if ((this.perAddress.get(address) ?? 0) >= caps.address) return 'address';
    return null;
  }

  refused(reason: 'account' | 'address'): void {
    this.options.metrics.refused(reason);
  }

  open(owner: StreamOwner): LiveStream {
    const stream = new LiveStream(owner, (ended) => this.forget(ended));
    this.streams.add(stream);
    this.perUser.set(owner.userId, (this.perUser.get(owner.userId) ?? 0) + 1);
    this.perAddress.set(owner.address, (this.perAddress.get(owner.address) ?? 0) + 1);
    this.options.metrics.streamOpened();
    return stream;
  }

  /** The process stops: every stream says bye 'shutdown' (devices reconnect to another process), listening ends. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.timer);
    for (const stream of [...this.streams]) stream.bye('shutdown');
    await this.routing;
    await this.unlisten?.();
  }

  private forget(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    const { userId, address } = stream.owner;
    const user = (this.perUser.get(userId) ?? 1) - 1;
    if (user > 0) this.perUser.set(userId, user);
    else this.perUser.delete(userId);
    const at = (this.perAddress.get(address) ?? 1) - 1;
    if (at > 0) this.perAddress.set(address, at);
    else this.perAddress.delete(address);
    this.options.metrics.streamClosed();
  }

  private receive(payload: string): void {
    const announcement = parseAnnouncement(payload);
    if (announcement === null) return;
    this.pending.push(announcement);
    this.schedule();
  }

  /** The listening connection came back: announcements may have been lost, everyone catches up. */
  private caughtUp(): void {
    this.reconnected = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.timer !== undefined || this.routing !== null) return;
    const wait = Math.max(GATHER_MS, this.lastWindow + LIVE_COALESCE_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.routing = this.route().finally(() => {
        this.routing = null;
        if (this.pending.length > 0 || this.reconnected) this.schedule();
      });
    }, wait);
  }

  private async route(): Promise<void> {
    const window = { announcements: this.pending, reconnected: this.reconnected };
    this.pending = [];
    this.reconnected = false;
    this.lastWindow = Date.now();
    for (const stream of endedStreams(window, this.streams)) stream.bye('revoked');
    if (this.streams.size === 0) return;
    let pokes: [LiveStream, LivePoke][];
    try {
      pokes = await routeWindow(this.options.db, window, [...this.streams]);
    } catch (error) {
      // Who may see what could not be asked: a pull, which reveals nothing, to everyone instead.
      this.options.log.warn({ err: error }, 'live: routing a window failed; every stream pulls');
      pokes = await routeWindow(this.options.db, { announcements: [], reconnected: true }, [...this.streams]);
    }
    for (const [stream, poke] of pokes) {
      if (!stream.isOpen) continue;
      stream.poke(poke);
      this.options.metrics.poked(poke);
    }
  }
}
