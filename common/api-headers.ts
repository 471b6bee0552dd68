// The request headers of docs/product.md §7, built in one place for the sync worker (every /api/v1 call),
// the service worker (its own drain) and the page (the API config it publishes to the service
// worker). Pure: the caller supplies the session and the channel.
import { PLATFORM, PRODUCT_VERSION, IDEMPOTENCY_HEADER, RECAPTCHA_HEADER } from './constants';

/**
 * docs/product.md §6 adds the channel headers (x-channel-id, x-lang) only in app-server mode. This app is
 * always in that mode: the sync worker is its only API client and the reference server needs
 * the channel of guests and visitors to pick the community
 * (docs/decisions/0013-the-worker-sends-the-channel-headers-app-server-mode.md). Flip it here, and
 * only here, for a deployment whose server reads the channel from the user record alone.
 */
export const APP_SERVER_MODE = true;

/** docs/product.md §5: login and register also carry the bot-check response in the payload, under this field. */
export const RECAPTCHA_BODY_FIELD = 'g-recaptcha-response';

export type HeaderChannel = { channelId: number; lang: string };
export type HeaderTokens = { memberToken: string | null; guestToken: string | null };

type ApiHeaderInput = {
  tokens: HeaderTokens;
  channel: HeaderChannel;
  idempotencyKey?: string | undefined;
  botToken?: string | null | undefined;
  appServerMode?: boolean;
};

/** Headers that do not depend on the session: safe to hand to another context (no token). */
export function baseApiHeaders(channel: HeaderChannel, appServerMode: boolean = APP_SERVER_MODE): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-platform': PLATFORM,
    'x-version': PRODUCT_VERSION,
  };
  if (appServerMode) {
    headers['x-channel-id'] = String(channel.channelId);
    headers['x-lang'] = channel.lang;
  }
  return headers;
}

/** docs/product.md §6: member credentials take precedence over the guest's. */
export function bearerOf(tokens: HeaderTokens): string | null {
  return tokens.memberToken ?? tokens.guestToken;
}

/** Every header of one /api/v1 request (docs/product.md §7 'Headers sent'). */
export function buildApiHeaders(input: ApiHeaderInput): Record<string, string> {
  const headers = baseApiHeaders(input.channel, input.appServerMode);
  const token = bearerOf(input.tokens);
  if (token) headers.authorization = `Bearer ${token}`;
  if (input.idempotencyKey) headers[IDEMPOTENCY_HEADER] = input.idempotencyKey;
  if (input.botToken) headers[RECAPTCHA_HEADER] = input.botToken;
  return headers;
}
