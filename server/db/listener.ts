// LISTEN on a notification channel of the database (issue #48, the live channel: server/live/;
// migrations/0021_live.sql raises the notifications). PGlite delivers NOTIFY in-process to its one
// connection. On PostgreSQL a LISTEN belongs to one connection, so it gets a dedicated client
// outside the pool (a pooled connection is handed to other queries and recycled). When that
// connection is lost (a restart, a failover, an administrator's pg_terminate_backend), notifications
// sent meanwhile are gone: the listener reconnects with a short jittered backoff and calls
// `onReconnect`, so its owner tells everyone to catch up (docs/api.md 'Live').
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type OnPayload = (payload: string) => void;
/** Stops listening; for PostgreSQL, ends the dedicated connection. */
export type Unlisten = () => Promise<void>;
export type Listen = (channel: string, onPayload: OnPayload, onReconnect: () => void) => Promise<Unlisten>;

/** The PostgreSQL application_name of the listening connections (an operator, and the tests, find them by it). */
export const LISTENER_APPLICATION_NAME = 'prayer-live-listener';
const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 5_000;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function pgliteListen(client: PGlite): Listen {
  return async (channel, onPayload) => {
    const unsubscribe = await client.listen(channel, onPayload);
    return async () => {
      // The database may be closed already (the tests' pool closes it after the app).
      if (!client.closed) await unsubscribe();
    };
  };
}

/** One dedicated connection per call, kept listening until the returned function is called. */
export function postgresListen(url: string, log: (message: string) => void): Listen {
  return async (channel, onPayload, onReconnect) => {
    let closed = false;
    let current: pg.Client | null = null;
    let timer: NodeJS.Timeout | undefined;
    let attempt = 0;

    const connect = async (): Promise<pg.Client> => {
      const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      // A lost connection emits 'error' (and then 'end'); unheard, 'error' would crash the process.
      client.on('error', (error) => log(`live listener connection lost: ${error.message}`));
      client.on('end', () => {
        if (current === client) {
          current = null;
          schedule();
        }
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      return client;
    };

    const schedule = (): void => {
      if (closed || timer !== undefined) return;
      const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(() => {
        timer = undefined;
        void reconnect();
      }, base / 2 + Math.random() * (base / 2));
      timer.unref();
    };

    const reconnect = async (): Promise<void> => {
      if (closed) return;
      try {
        const client = await connect();
        if (closed) {
          await client.end();
          return;
        }
        current = client;
        attempt = 0;
        // Whatever was announced while no connection listened is lost: the owner catches everyone up.
        onReconnect();
      } catch (error) {
        log(`live listener could not reconnect: ${error instanceof Error ? error.message : String(error)}`);
        schedule();
      }
    };

    current = await connect();
    return async () => {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    };
  };
}
