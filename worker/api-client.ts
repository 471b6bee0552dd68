// The only HTTP client of /api/v1 (DESIGN §1): SPEC §7 headers, the bearer token from the meta
// copy of the session (SPEC §6: member before guest), and every answer turned into a value;
// nothing here throws for an HTTP or network failure, so callers decide by status.
import { createFetch } from 'ofetch';
import { IDEMPOTENCY_HEADER, PLATFORM, PRODUCT_VERSION, REQUEST_TIMEOUT_MS } from '../common/constants';
import type { ApiError, Envelope } from '../common/contract';
import { bearerToken, getAuth } from '../src/db/meta';
import { readChannel } from '../src/db/reads';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export type ApiCall = {
  method?: ApiMethod;
  /** Relative to the API base, e.g. 'post/12/pray'. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  /** DESIGN §4 exactly-once: the outbox entry's key, the same on every retry. */
  idempotencyKey?: string;
  /** Override the bearer token (refresh sends the old token); null sends none. */
  token?: string | null;
};

/** status 0 means no answer arrived (offline, DNS, timeout, dropped connection). */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

export type ApiClient = {
  readonly apiBase: string;
  call<T>(request: ApiCall): Promise<ApiResult<T>>;
};

export type ApiClientOptions = {
  /** e.g. 'https://example.org/api/v1'. */
  apiBase: string;
  /** Injected in tests to simulate a dropped response or a server error around the real server. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

async function headersFor(request: ApiCall): Promise<Record<string, string>> {
  const [auth, channel] = await Promise.all([getAuth(), readChannel()]);
  const token = request.token === undefined ? bearerToken(auth) : request.token;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-platform': PLATFORM,
    'x-version': PRODUCT_VERSION,
    // The worker is the app's only client, so it always names the channel the user chose
    // (SPEC §7 channel headers; docs/architecture.md).
    'x-channel-id': String(channel.channelId),
    'x-lang': channel.lang,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.idempotencyKey) headers[IDEMPOTENCY_HEADER] = request.idempotencyKey;
  return headers;
}

function isEnvelope<T>(body: Envelope<T> | ApiError | undefined): body is Envelope<T> {
  return typeof body === 'object' && body !== null && 'data' in body;
}

function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return fields;
}

/** The server's error body (DESIGN §6 one shape), or a stand-in when the body is not one. */
function errorOf(status: number, body: unknown, fallback: string): ApiError {
  if (typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') {
    return { message: fallback, status };
  }
  const errors = 'errors' in body ? fieldErrors(body.errors) : undefined;
  return errors ? { message: body.message, status, errors } : { message: body.message, status };
}

function cleanQuery(query: Record<string, QueryValue> | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const $fetch = createFetch({ fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)) });
  return {
    apiBase: options.apiBase,
    async call<T>(request: ApiCall): Promise<ApiResult<T>> {
      try {
        const response = await $fetch.raw<Envelope<T> | ApiError>(request.path, {
          baseURL: options.apiBase,
          method: request.method ?? 'GET',
          query: cleanQuery(request.query),
          body: request.body,
          headers: await headersFor(request),
          // Retries belong to the outbox (backoff, same key); ofetch must not retry on its own.
          retry: 0,
          timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
          ignoreResponseError: true,
        });
        const body = response._data;
        if (response.ok && isEnvelope(body)) return { ok: true, status: response.status, data: body.data };
        return { ok: false, status: response.status, error: errorOf(response.status, body, response.statusText || 'Request failed') };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        return { ok: false, status: 0, error: { message: `Network error: ${reason}`, status: 0 } };
      }
    },
  };
}
