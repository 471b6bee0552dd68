// The only HTTP client of /api/v1 (docs/architecture.md 'The shape'): docs/product.md §7 headers (common/api-headers.ts), the
// bearer token from the meta copy of the session (docs/product.md §6: member before guest), the bot-check
// token (docs/product.md §5), and every answer turned into a value; nothing here throws for an HTTP or
// network failure, so callers decide by status.
import { createFetch } from 'ofetch';
import { buildApiHeaders, RECAPTCHA_BODY_FIELD, type HeaderTokens } from '../common/api-headers';
import { isApiUrl } from '../common/api-url';
import { DEFAULT_CHANNEL_ID, REQUEST_ID_HEADER, REQUEST_TIMEOUT_MS, type BotCheckAction } from '../common/constants';
import type { ApiError, Envelope } from '../common/contract';
import { bearerToken, getAuth } from '../src/model/meta';
import type { ChannelMeta } from '../src/model/meta-types';
import { channelById, readChannel } from '../src/db/reads';
import { errorOf, fromApi } from './api-answer';
import { openStreamOnce, type StreamResult } from './api-stream';
import { createInFlight, type InFlight } from './in-flight';
import { createUnauthorizedGate, type UnauthorizedGate, type UnauthorizedStore } from './unauthorized';

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | undefined;

type ApiCall = {
  method?: ApiMethod;
  /** Relative to the API base, e.g. 'post/12/pray'. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  /** docs/architecture/sync-protocol.md 'Outbox and sync protocol' exactly-once: the outbox entry's key, the same on every retry. */
  idempotencyKey?: string;
  /** Override the bearer token (refresh sends the old token; a read-ahead run, the one read at its start); null sends none. */
  token?: string | null;
  /** The channel read once by the caller (a read-ahead run's pages): not read again for this call. */
  channel?: ChannelMeta;
  /**
   * docs/product.md §5 bot check: a fresh token for `action` goes in the google-recaptcha-token header
   * (and, with `inBody`, in the payload too, for login and register). Tokens are single-use, so
   * every attempt asks for a new one.
   */
  botCheck?: { action: BotCheckAction; inBody?: boolean };
  /**
   * Called once the request's own reads of the local database (session, channel) are done and
   * it goes on the wire: a caller may then start a write transaction without the request's
   * reads queueing behind it (worker/drain-pipeline.ts).
   */
  onSending?: () => void;
  /** This call's own timeout (default: the client's, REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * Nothing is read from the local database for this call: no session, the default channel's
   * headers. The network probe, which runs twice a second while the network is cut: in WebKit a
   * page left while its worker's transaction is open keeps that store locked for writes until the
   * browser restarts
   * (docs/decisions/0166-the-webkit-store-wedge-the-stall-after-a-reload-while-cut.md).
   */
  storeFree?: true;
};

/** What a call's headers read from the local store: its bearer token and its channel. */
export type CallSession = { token: string | null; channel: ChannelMeta };

/**
 * Read once, in one round, for calls that go out together (a read-ahead run's pages, a drain's
 * sends): each read of the local store queues behind every context's transactions (issue #25).
 */
export async function readCallSession(): Promise<CallSession> {
  const [auth, channel] = await Promise.all([getAuth(), readChannel()]);
  return { token: bearerToken(auth), channel };
}

/**
 * status 0 means no answer arrived (offline, DNS, timeout, dropped connection, or an answer that
 * is not the API's: a captive portal's page, a proxy's 502), or a send that could not start (a bot
 * check with no token); `noAnswer` marks the first kind only: the request went out and the API did
 * not answer, so the network, not the server, is to blame.
 */
export { errorOf };
export type { StreamResult };

export type ApiResult<T> = { ok: true; status: number; data: T; requestId?: string } | { ok: false; status: number; error: ApiError; noAnswer?: true };

export type ApiClient = {
  readonly apiBase: string;
  /** docs/product.md §4 401 rule of this context (worker/unauthorized.ts); refreshAuth consults it. */
  readonly unauthorized: UnauthorizedGate;
  call<T>(request: ApiCall): Promise<ApiResult<T>>;
  /**
   * GET health with no session, no read of the local database and a short timeout: true when
   * the API answered 2xx. The engine's network probe (worker/probe.ts); it reports to onNetwork
   * like any call.
   */
  ping(timeoutMs: number): Promise<boolean>;
  /** Aborts the requests still waiting that were sent before `time` (worker/in-flight.ts): they fail as no answer. */
  abandonSentBefore(time: number): void;
  /**
   * A GET whose body is a stream (the live stream, issue #48; worker/live-stream.ts): the same
   * headers as every call, plain fetch (ofetch would buffer the body), the caller's signal for as
   * long as it reads. A 401 runs the unauthorized handler as `call` does; the answer counts for
   * onNetwork like any call's. Only an answer of the API with a 2xx gives its body.
   */
  openStream(path: string, signal: AbortSignal): Promise<StreamResult>;
};

type ApiClientOptions = {
  /** e.g. 'https://example.org/api/v1'. */
  apiBase: string;
  /** Injected in tests to simulate a dropped response or a server error around the real server. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * Where bot-check tokens come from (the page runs reCAPTCHA; the worker asks it through a
   * comlink hook). Resolves null when the check is off; rejects when it is on but no token can
   * be had (script blocked, offline, or a context without a page such as the service worker).
   * Absent: the check is off.
   */
  botToken?: (action: BotCheckAction) => Promise<string | null>;
  /** Where the docs/product.md §4 401 timestamp lives (default: this context's memory). */
  unauthorizedStore?: UnauthorizedStore;
  /**
   * docs/product.md §4 unauthorized handler, run on a 401 to a call made with the session's own token;
   * true = the token was renewed and the call is made once more. Absent: the 401 is returned.
   */
  onUnauthorized?: (rejectedToken: string | null) => Promise<boolean>;
  /**
   * Told after every request that went on the wire (sent at `sentAt`): true when the API answered
   * (any status), false when it did not (the fetch failed, timed out or was abandoned, or the answer
   * lacked the API's mark: `fromApi`). The engine's wake-ups (worker/wake-ups.ts): an answer of the
   * API ends a wait for the network. Must not throw.
   */
  onNetwork?: (answered: boolean, sentAt: number) => void;
};

async function headersFor(request: ApiCall, url: string, apiBase: string, botToken: string | null): Promise<Record<string, string>> {
  // Each read of the local store queues behind the transactions of every context (issue #25 P5):
  // a call that brings its token and channel reads nothing.
  const [tokens, channel]: [HeaderTokens, ChannelMeta] = await Promise.all([
    request.token === undefined ? getAuth() : { memberToken: request.token, guestToken: null },
    request.channel ?? readChannel(),
  ]);
  // docs/product.md §7: only an API URL may carry the session; a path that escaped the base never does.
  const safeTokens = isApiUrl(url, apiBase) ? tokens : { memberToken: null, guestToken: null };
  return buildApiHeaders({ tokens: safeTokens, channel, idempotencyKey: request.idempotencyKey, botToken });
}

function storeFreeHeaders(): Record<string, string> {
  return buildApiHeaders({ tokens: { memberToken: null, guestToken: null }, channel: channelById(DEFAULT_CHANNEL_ID) });
}

type BotTokenOutcome = { ok: true; token: string | null } | { ok: false; error: ApiError };

/** No token can be had while the check is on: answered like a request that got no answer (status 0), so the outbox keeps the entry and retries. */
async function botTokenFor(request: ApiCall, source: ApiClientOptions['botToken']): Promise<BotTokenOutcome> {
  if (!request.botCheck || !source) return { ok: true, token: null };
  try {
    return { ok: true, token: await source(request.botCheck.action) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: false, error: { status: 0, message: `The bot check could not be completed: ${reason}` } };
  }
}

function bodyFor(request: ApiCall, botToken: string | null): Record<string, unknown> | undefined {
  if (!request.botCheck?.inBody || !botToken) return request.body;
  return { ...request.body, [RECAPTCHA_BODY_FIELD]: botToken };
}

function isEnvelope<T>(body: Envelope<T> | ApiError | undefined): body is Envelope<T> {
  return typeof body === 'object' && body !== null && 'data' in body;
}

function cleanQuery(query: Record<string, QueryValue> | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

type Send = <T>(request: ApiCall) => Promise<ApiResult<T>>;

function createSend(options: ApiClientOptions, inFlight: InFlight): Send {
  const $fetch = createFetch({ fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)) });
  return async <T>(request: ApiCall): Promise<ApiResult<T>> => {
    const bot = await botTokenFor(request, options.botToken);
    if (!bot.ok) return { ok: false, status: 0, error: bot.error };
    try {
      const url = new URL(request.path, `${options.apiBase.replace(/\/$/, '')}/`).href;
      const headers = request.storeFree ? storeFreeHeaders() : await headersFor(request, url, options.apiBase, bot.token);
      request.onSending?.();
      // Its own abort instead of ofetch's timeout: the timeout, or abandoned (worker/in-flight.ts).
      const flight = inFlight.start(request.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS);
      const response = await $fetch
        .raw<Envelope<T> | ApiError>(request.path, {
          baseURL: options.apiBase,
          method: request.method ?? 'GET',
          query: cleanQuery(request.query),
          body: bodyFor(request, bot.token),
          headers,
          // Retries belong to the outbox (backoff, same key); ofetch must not retry on its own.
          retry: 0,
          signal: flight.signal,
          ignoreResponseError: true,
        })
        .catch((err: unknown) => {
          options.onNetwork?.(false, flight.sentAt);
          throw new NoAnswer(err);
        })
        .finally(() => flight.done());
      if (!fromApi(response)) {
        options.onNetwork?.(false, flight.sentAt);
        throw new NoAnswer(new Error(`an answer that is not the API's (HTTP ${String(response.status)}, ${response.headers.get('content-type') ?? 'no content type'}): a captive portal or a proxy`));
      }
      options.onNetwork?.(true, flight.sentAt);
      const body = response._data;
      // The answer's id (issue #27 item 3): a refusal shows it as its reference.
      const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
      const withId = requestId === undefined ? {} : { requestId };
      if (response.ok && isEnvelope(body)) return { ok: true, status: response.status, data: body.data, ...withId };
      return { ok: false, status: response.status, error: { ...errorOf(response.status, body, response.statusText || 'Request failed'), ...withId } };
    } catch (err) {
      const cause = err instanceof NoAnswer ? err.cause : err;
      const reason = cause instanceof Error ? cause.message : String(cause);
      const error = { message: `Network error: ${reason}`, status: 0 };
      return err instanceof NoAnswer ? { ok: false, status: 0, error, noAnswer: true } : { ok: false, status: 0, error };
    }
  };
}

/** The request went out and no answer of the API came back. */
class NoAnswer extends Error {
  constructor(cause: unknown) {
    super('no answer', { cause });
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const inFlight = createInFlight();
  const send = createSend(options, inFlight);
  const openOnce = (path: string, signal: AbortSignal) => openStreamOnce({
    apiBase: options.apiBase,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: (url) => headersFor({ path }, url, options.apiBase, null),
    timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    ...(options.onNetwork ? { onNetwork: options.onNetwork } : {}),
  }, path, signal);
  const unauthorized = createUnauthorizedGate(options.unauthorizedStore);
  const sendNoting = async <T>(request: ApiCall): Promise<ApiResult<T>> => {
    const result = await send<T>(request);
    if (result.ok) unauthorized.onSuccess();
    return result;
  };
  return {
    apiBase: options.apiBase,
    unauthorized,
    async call<T>(request: ApiCall): Promise<ApiResult<T>> {
      // The token this call carries; a call with its own token (refresh, logout) is not retried.
      const sent = request.token === undefined ? bearerToken(await getAuth()) : request.token;
      const result = await sendNoting<T>(request);
      if (result.ok || result.status !== 401 || request.token !== undefined || !options.onUnauthorized || sent === null) return result;
      return (await options.onUnauthorized(sent)) ? sendNoting<T>(request) : result;
    },
    // Not noted by the 401 rule: a health answer says nothing about the session's token.
    async ping(timeoutMs) {
      return (await send({ path: 'health', token: null, timeoutMs, storeFree: true })).ok;
    },
    abandonSentBefore: (time) => inFlight.abandonSentBefore(time),
    async openStream(path, signal) {
      const sent = bearerToken(await getAuth());
      const result = await openOnce(path, signal);
      if (result.ok) unauthorized.onSuccess();
      if (result.ok || result.status !== 401 || !options.onUnauthorized || sent === null || signal.aborted) return result;
      if (!(await options.onUnauthorized(sent))) return result;
      const again = await openOnce(path, signal);
      if (again.ok) unauthorized.onSuccess();
      return again;
    },
  };
}
