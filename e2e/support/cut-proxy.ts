// A network cut below the browser (issue #23): a TCP proxy between a browser and the server. The
// browser loads the app from the proxy's port; `cut()` drops every open connection and refuses new
// ones, as a tunnel or a captive portal does, and the browser sees no `offline` or `online` event.
// It is a plain TCP pipe, so it carries http and https alike (the server does the TLS).
import { createServer, connect, type Server, type Socket } from 'node:net';

export type CutProxy = {
  /** The port the browser talks to (127.0.0.1). */
  readonly port: number;
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  readonly isCut: boolean;
  /** Connections refused since the proxy started (each one a failed attempt of the browser). */
  readonly refused: number;
  /** Resolves at the next connection refused while cut: "just after a failed attempt". */
  nextRefused(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startCutProxy(target: { host?: string; port: number }, listenPort = 0): Promise<CutProxy> {
  const host = target.host ?? '127.0.0.1';
  const open = new Set<Socket>();
  let isCut = false;
  let refused = 0;
  let waiters: (() => void)[] = [];

  const server: Server = createServer((client) => {
    if (isCut) {
      refused += 1;
      client.resetAndDestroy();
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
      return;
    }
    const upstream = connect({ host, port: target.port });
    open.add(client);
    open.add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('cut proxy: no TCP address');

  return {
    port: address.port,
    get isCut() {
      return isCut;
    },
    get refused() {
      return refused;
    },
    cut() {
      isCut = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      isCut = false;
    },
    nextRefused(timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`cut proxy: no attempt refused within ${String(timeoutMs)} ms`)), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close() {
      for (const socket of open) socket.destroy();
      open.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
