// Whether a live stream is up anywhere in this browser (issue #48; docs/architecture/live.md 'Live
// stream'): the tab (or worker) holding it says so over BroadcastChannel(LIVE_BROADCAST) and
// repeats it every LIVE_HEARTBEAT_MS while up; every tab slows its poll while it hears it, and
// goes back to the 30 s poll when the messages stop (a holder that died says nothing) or say down.
// Without BroadcastChannel each tab knows only its own stream.
import { LIVE_BROADCAST, LIVE_HEARTBEAT_MS } from '../common/live-contract';

type PresenceMessage = { from: string; up: boolean };

/** The part of BroadcastChannel used here (tests give their own). */
export type PresenceChannel = {
  postMessage(message: PresenceMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
};

export type LivePresence = {
  /** This context's own stream went up or down. */
  setOwnUp(up: boolean): void;
  /** Up here or, lately heard, in another tab. */
  readonly anyUp: boolean;
  stop(): void;
};

type PresenceOptions = {
  onChange(anyUp: boolean): void;
  channel?: () => PresenceChannel | null;
  repeatMs?: number;
};

function browserChannel(): PresenceChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(LIVE_BROADCAST);
  // Node's (tests) would keep the process alive.
  (channel as unknown as { unref?: () => void }).unref?.();
  return channel as unknown as PresenceChannel;
}

const isMessage = (value: unknown): value is PresenceMessage =>
  typeof value === 'object' && value !== null && 'from' in value && typeof value.from === 'string' && 'up' in value && typeof value.up === 'boolean';

export function createLivePresence(options: PresenceOptions): LivePresence {
  const repeatMs = options.repeatMs ?? LIVE_HEARTBEAT_MS;
  const me = Math.random().toString(36).slice(2);
  /** Other holders heard, and until when their word holds (two repeats and a margin). */
  const others = new Map<string, number>();
  let own = false;
  let shown = false;
  let repeat: ReturnType<typeof setInterval> | null = null;
  let expiry: ReturnType<typeof setTimeout> | null = null;
  const channel = (options.channel ?? browserChannel)();

  const anyUp = (): boolean => {
    const now = Date.now();
    for (const [from, until] of others) if (until <= now) others.delete(from);
    return own || others.size > 0;
  };
  const update = () => {
    const up = anyUp();
    if (expiry !== null) clearTimeout(expiry);
    expiry = null;
    if (others.size > 0) expiry = setTimeout(update, Math.max(0, Math.min(...others.values()) - Date.now()));
    if (up === shown) return;
    shown = up;
    options.onChange(up);
  };
  const post = (up: boolean) => {
    try {
      channel?.postMessage({ from: me, up });
    } catch {
      // A closed channel (the context is going away): nobody to tell.
    }
  };
  if (channel) {
    channel.onmessage = (event) => {
      if (!isMessage(event.data) || event.data.from === me) return;
      if (event.data.up) others.set(event.data.from, Date.now() + 2 * repeatMs + 1_000);
      else others.delete(event.data.from);
      update();
    };
  }
  return {
    setOwnUp(up) {
      if (up === own) return;
      own = up;
      if (repeat !== null) clearInterval(repeat);
      repeat = up ? setInterval(() => post(true), repeatMs) : null;
      post(up);
      update();
    },
    get anyUp() {
      return anyUp();
    },
    stop() {
      if (own) post(false);
      own = false;
      if (repeat !== null) clearInterval(repeat);
      if (expiry !== null) clearTimeout(expiry);
      repeat = null;
      expiry = null;
      others.clear();
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
    },
  };
}
