// Opening a GET whose body is read as a stream (the live stream, issue #48;
// docs/architecture/live.md 'Live stream'), for worker/api-client.ts, the only HTTP client. Plain
// fetch: ofetch reads a body whole. The headers are the client's (bearer token, channel, locale);
// the opening has the client's timeout until the answer's head arrives, then only the caller's
// signal ends it.
import type { ApiError } from '../common/contract';
import { errorOf, fromApi } from './api-answer';

/** An opened stream: its status and body; or the failure, as a call gives it (status 0: no answer). */
export type StreamResult = { ok: true; status: number; body: ReadableStream<Uint8Array> } | { ok: false; status: number; error: ApiError; noAnswer?: true };

export type StreamOpening = {
  apiBase: string;
  fetch: typeof fetch;
  /** The headers of every call, for this URL (the session only on an API URL). */
  headers(url: string): Promise<Record<string, string>>;
  /** Until the answer's head: a connection that says nothing is let go. */
  timeoutMs: number;
  onNetwork?: (answered: boolean, sentAt: number) => void;
};

const noAnswer = (reason: string): StreamResult => ({ ok: false, status: 0, error: { status: 0, message: `Network error: ${reason}` }, noAnswer: true });

async function errorBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** One opening; the caller's `signal` aborts it, and later the body's reading. */
export async function openStreamOnce(opening: StreamOpening, path: string, signal: AbortSignal): Promise<StreamResult> {
  if (signal.aborted) return noAnswer('aborted');
  const url = new URL(path, `${opening.apiBase.replace(/\/$/, '')}/`).href;
  const headers = { ...(await opening.headers(url)), accept: 'text/event-stream' };
  // One controller for the whole exchange: the caller's abort, or the timeout before the head.
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error('timeout')), opening.timeoutMs);
  const sentAt = Date.now();
  let response: Response;
  try {
    response = await opening.fetch(url, { method: 'GET', headers, signal: controller.signal, cache: 'no-store' });
  } catch (err) {
    signal.removeEventListener('abort', abort);
    opening.onNetwork?.(false, sentAt);
    return noAnswer(err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
  if (!fromApi(response)) {
    signal.removeEventListener('abort', abort);
    void response.body?.cancel().catch(() => undefined);
    opening.onNetwork?.(false, sentAt);
    return noAnswer(`an answer that is not the API's (HTTP ${String(response.status)}): a captive portal or a proxy`);
  }
  opening.onNetwork?.(true, sentAt);
  if (response.ok && response.body) return { ok: true, status: response.status, body: response.body };
  signal.removeEventListener('abort', abort);
  const body = await errorBody(response);
  return { ok: false, status: response.status, error: errorOf(response.status, body, response.statusText || 'Request failed') };
}
