// One open live stream (issue #48; common/live-contract.ts, docs/api.md 'Live'): who holds it, and
// the Server-Sent Events frames written to it. The route hands its body (a PassThrough) to Fastify,
// which pipes it to the connection; the hub writes pokes, pings and the bye here.
import { PassThrough } from 'node:stream';
import { LIVE_COALESCE_MS, LIVE_HEARTBEAT_MS, type LiveByeReason, type LiveHello, type LivePoke } from '../../common/live-contract';

/** A client that reads nothing (a stalled connection) is let go past this much unsent data: it reconnects and pulls. */
const MAX_BUFFERED_BYTES = 64 * 1024;

export type StreamOwner = { userId: number; tokenId: number; channelId: number; address: string; expiresAt: Date };

let nextId = 1;

export class LiveStream {
  readonly id = nextId++;
  readonly body = new PassThrough();
  private ended = false;
  private expiry: NodeJS.Timeout | undefined;

  constructor(readonly owner: StreamOwner, private readonly onEnd: (stream: LiveStream) => void) {
    const hello: LiveHello = { heartbeat_ms: LIVE_HEARTBEAT_MS, coalesce_ms: LIVE_COALESCE_MS };
    this.write(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
    // Fastify destroys the body when the connection goes (the device left, a proxy timed out).
    this.body.once('close', () => this.finish());
    // setTimeout holds at most 2^31-1 ms (24.8 days); a token living longer is checked again then.
    this.armExpiry();
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  poke(poke: LivePoke): void {
    this.write(`event: poke\ndata: ${JSON.stringify(poke)}\n\n`);
  }

  ping(): void {
    this.write(': ping\n\n');
  }

  /** Says why and closes; the device does not come back on 'revoked' or 'expired' until its session changes. */
  bye(reason: LiveByeReason): void {
    if (this.ended) return;
    this.write(`event: bye\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.finish();
    this.body.end();
  }

  /** Ends without a word (the device went; a stalled client). */
  drop(): void {
    if (this.ended) return;
    this.finish();
    this.body.destroy();
  }

  private armExpiry(): void {
    const left = this.owner.expiresAt.getTime() - Date.now();
    if (left <= 0) {
      queueMicrotask(() => this.bye('expired'));
      return;
    }
    this.expiry = setTimeout(() => {
      if (Date.now() >= this.owner.expiresAt.getTime()) this.bye('expired');
      else this.armExpiry();
    }, Math.min(left, 2 ** 31 - 1));
    this.expiry.unref();
  }

  private write(frame: string): void {
    if (this.ended) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) {
      this.drop();
      return;
    }
    this.body.write(frame);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.expiry);
    this.onEnd(this);
  }
}
