// A latency proxy on 127.0.0.1: forwards everything (pages, assets, the service worker script,
// /api/v1) to the app server after a configurable delay per request, the "+100 ms RTT" of the
// scenarios. It counts requests per route (method + path with ids as :id), per phase, and keeps
// a log with times, so a scenario can see exactly what crossed the network and when.
// A streamed answer (text/event-stream, issue #48's live channel) is held open and each of its
// chunks reaches the page half the delay after the server sent it (one way of the round trip);
// `refuse` answers the requests of a path with an error instead (a proxy that does not pass the
// stream), and `dropOpen` cuts the answers of a path still open.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyLogEntry = {
  phase: string;
  method: string;
  url: string;
  key: string;
  /** performance.now() of this process when the request arrived / its response ended. */
  startMs: number;
  endMs: number;
  status: number;
  /** Bytes of the response body as sent on the wire (compressed when the server compressed it). */
  bytes: number;
};

/** 'POST /api/v1/post/:id/pray', 'GET /assets/*', 'GET /sw.js'... */
export function routeKey(method: string, url: string): string {
  const path = url.split('?')[0] ?? url;
  if (path.startsWith('/assets/')) return `${method} /assets/*`;
  if (path.startsWith('/icons/')) return `${method} /icons/*`;
  return `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
}

export class LatencyProxy {
  /** Applies to requests arriving from now on. */
  delayMs: number;
  /** Label of the requests arriving from now on (counts are kept per phase). */
  phase = 'setup';
  /** Drops every connection as it arrives (a network that is down), still counting the requests. */
  isDown = false;
  /** Requests whose path starts with `prefix` are answered `status` at once, not forwarded (still counted). */
  refuse: { prefix: string; status: number } | null = null;
  /** Answers still being sent, with their path (a stream stays here while it is open). */
  private readonly open = new Map<http.ServerResponse, string>();
  readonly log: ProxyLogEntry[] = [];
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly server: http.Server;

  constructor(private readonly upstreamPort: number, delayMs: number) {
    this.delayMs = delayMs;
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 30_000;
  }

  async listen(port: number): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return this.origin;
  }

  get origin(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${String(address.port)}`;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const entry: ProxyLogEntry = { phase: this.phase, method, url, key: routeKey(method, url), startMs: performance.now(), endMs: Number.NaN, status: 0, bytes: 0 };
    this.log.push(entry);
    if (this.isDown) {
      entry.endMs = entry.startMs;
      req.socket.destroy();
      return;
    }
    if (this.refuse !== null && url.startsWith(this.refuse.prefix)) {
      entry.status = this.refuse.status;
      res.writeHead(this.refuse.status, { 'content-type': 'text/plain' });
      res.end('refused by the bench proxy');
      entry.endMs = performance.now();
      return;
    }
    this.open.set(res, url);
    let upstream: http.ClientRequest | null = null;
    let isClosed = false;
    res.on('close', () => {
      isClosed = true;
      this.open.delete(res);
      if (Number.isNaN(entry.endMs)) entry.endMs = performance.now();
      upstream?.destroy();
    });
    const forward = () => {
      if (isClosed) return;
      upstream = http.request(
        { host: '127.0.0.1', port: this.upstreamPort, method, path: url, headers: req.headers, agent: this.agent },
        (upstreamRes) => {
          entry.status = upstreamRes.statusCode ?? 0;
          res.writeHead(entry.status, upstreamRes.headers);
          upstreamRes.on('data', (chunk: Buffer) => {
            entry.bytes += chunk.length;
          });
          if (String(upstreamRes.headers['content-type'] ?? '').startsWith('text/event-stream')) {
            // Each frame of a stream crosses the network one way: half the round trip (the delay
            // of the moment it is sent), in order.
            let due = 0;
            const later = (send: () => void) => {
              due = Math.max(performance.now() + this.delayMs / 2, due);
              setTimeout(() => {
                if (!res.destroyed) send();
              }, due - performance.now());
            };
            upstreamRes.on('data', (chunk: Buffer) => later(() => res.write(chunk)));
            upstreamRes.on('end', () => later(() => res.end()));
          } else {
            upstreamRes.pipe(res);
          }
          upstreamRes.on('end', () => {
            entry.endMs = performance.now();
          });
        },
      );
      upstream.on('error', () => {
        entry.status = entry.status || 502;
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end();
      });
      req.pipe(upstream);
    };
    if (this.delayMs > 0) setTimeout(forward, this.delayMs);
    else forward();
  }

  /** Cuts the answers still open whose path starts with `prefix` (a held stream); how many. */
  dropOpen(prefix: string): number {
    let dropped = 0;
    for (const [res, url] of this.open) {
      if (!url.startsWith(prefix)) continue;
      res.destroy();
      dropped += 1;
    }
    return dropped;
  }

  /** Answers still open whose path starts with `prefix`. */
  openCount(prefix: string): number {
    return [...this.open.values()].filter((url) => url.startsWith(prefix)).length;
  }

  /** Requests per route of one phase (all phases when omitted), most frequent first. */
  counts(phase?: string): [string, number][] {
    const counts = new Map<string, number>();
    for (const entry of this.log) {
      if (phase !== undefined && entry.phase !== phase) continue;
      counts.set(entry.key, (counts.get(entry.key) ?? 0) + 1);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }

  countOf(phase: string, predicate: (entry: ProxyLogEntry) => boolean = () => true): number {
    return this.log.filter((entry) => entry.phase === phase && predicate(entry)).length;
  }

  phases(): string[] {
    return [...new Set(this.log.map((entry) => entry.phase))];
  }

  /** Counts per phase, as printable lines. */
  report(): string[] {
    const lines: string[] = [];
    for (const phase of this.phases()) {
      const counts = this.counts(phase);
      const total = counts.reduce((sum, [, n]) => sum + n, 0);
      lines.push(`  ${phase}: ${String(total)} requests`);
      for (const [key, n] of counts) lines.push(`    ${String(n).padStart(5)}  ${key}`);
    }
    return lines;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }
}
