// Fakes for the live stream's unit tests (issue #48): a stream body the test writes to, a server
// of such bodies that records every opening, and a Web Locks stand-in shared by several links.
import type { StreamResult } from '../../worker/api-stream';
import type { LiveLocks } from '../../worker/live-link';

export type FakeBody = { body: ReadableStream<Uint8Array>; send(text: string): void; close(): void; readonly cancelled: boolean };

export function fakeBody(): FakeBody {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  return {
    body,
    send(text) {
      if (!cancelled) controller?.enqueue(encoder.encode(text));
    },
    close() {
      if (!cancelled) controller?.close();
    },
    get cancelled() {
      return cancelled;
    },
  };
}

export const HELLO = 'event: hello\ndata: {"heartbeat_ms":15000,"coalesce_ms":250}\n\n';

/** What the fake server answers to the next opening: a body (200), a status, or no answer. */
export type FakeAnswer = { body: FakeBody } | { status: number } | 'no-answer';

export class FakeLiveServer {
  readonly opened: { signal: AbortSignal; answer: FakeAnswer }[] = [];
  /** The answer of every next opening; default: a fresh body that says hello at once. */
  answer: () => FakeAnswer = () => {
    const body = fakeBody();
    body.send(HELLO);
    return { body };
  };

  readonly open = async (signal: AbortSignal): Promise<StreamResult> => {
    const answer = this.answer();
    this.opened.push({ signal, answer });
    if (answer === 'no-answer') return { ok: false, status: 0, error: { status: 0, message: 'Network error' }, noAnswer: true };
    if ('status' in answer) return { ok: false, status: answer.status, error: { status: answer.status, message: 'refused' } };
    return { ok: true, status: 200, body: answer.body.body };
  };

  /** The body of the last opening (a 200). */
  get last(): FakeBody {
    const answer = this.opened.at(-1)?.answer;
    if (!answer || answer === 'no-answer' || !('body' in answer)) throw new Error('the last opening has no body');
    return answer.body;
  }
}

/** One browser's Web Locks: a FIFO queue per name, a queued request withdrawn by its signal. */
export function fakeLocks(): LiveLocks & { holders(): number } {
  type Request = { signal: AbortSignal; callback: () => Promise<void>; resolve(): void; reject(err: unknown): void };
  const queue: Request[] = [];
  let held = false;
  const next = () => {
    if (held) return;
    const request = queue.shift();
    if (!request) return;
    held = true;
    void request.callback().then(request.resolve, request.reject).finally(() => {
      held = false;
      next();
    });
  };
  return {
    request(_name, { signal }, callback) {
      return new Promise<void>((resolve, reject) => {
        const request: Request = { signal, callback, resolve, reject };
        signal.addEventListener('abort', () => {
          const at = queue.indexOf(request);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(new DOMException('withdrawn', 'AbortError'));
        }, { once: true });
        queue.push(request);
        next();
      });
    },
    holders: () => (held ? 1 : 0),
  };
}
