// Business constants of docs/product.md §9 and the decisions of docs/product.md §10, by name, in one place.
// Shared by src/, worker/, sw/ and server/ (docs/architecture.md 'Layout and boundaries' allows one small common module).

const PRODUCT = 'prayer';
export const PRODUCT_VERSION = '1.0.0';
export const PLATFORM = 'web';

const DAY_MS = 24 * 60 * 60 * 1000;

// docs/product.md §9
export const AUTH_COOKIE_DAYS = 365;
export const CHANNEL_COOKIE_DAYS = 365;
export const DEFAULT_CHANNEL_ID = 1;
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CONSENT_LOCALE = 'en';
export const FEED_COLLAPSE_WINDOW_MS = 12 * 60 * 60 * 1000;
export const RELOAD_GUARD_MS = 10_000;
export const UNAUTHORIZED_REPEAT_WINDOW_MS = 10_000;
export const UNAUTHORIZED_CLEAR_DELAY_MS = 500;
export const BANNER_AUTO_HIDE_MS = 5000;
/** The banner offering Undo stays longer than others: there is a choice to make (src/commands/undo.ts). */
export const UNDO_BANNER_MS = 8000;
export const PROMPT_DISMISS_MS = 7 * DAY_MS;
export const NOTIFICATION_PROMPT_DISMISSED_KEY = `${PRODUCT}-notification-prompt-dismissed`;
export const INSTALL_PROMPT_DISMISSED_KEY = `${PRODUCT}-install-app-dismissed`;
export const HIDE_INSTALL_KEY = 'vite-pwa:hide-install';
export const SW_UPDATE_CHECK_MS = 20_000;
export const PUSH_TOKEN_REFRESH_MS = 7 * DAY_MS;
export const CONSENT_COOKIE_NAME = 'cc_cookie';
export const CONSENT_COOKIE_DAYS = 182;
export const BOT_CHECK_ACTIONS = ['login', 'post', 'register', 'mail'] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

// docs/architecture/sync-protocol.md 'Outbox and sync protocol' and §7
export const PAGE_SIZE = 20;
export const NEW_COUNT_POLL_MS = 30_000;
export const SYNC_STALL_MS = 60_000;
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 5 * 60_000;
export const REPORTS_TO_DENOUNCE = 3;
export const TEXT_LIMITS = {
  request: 2000,
  comment: 1000,
  note: 5000,
  listName: 100,
  /** Issue #28 item 3: an update of a request (docs/product.md §5). */
  update: 500,
} as const;

/** Issue #28 item 3: live updates one request may hold (docs/decisions/0195-updates-of-a-request.md). */
export const POST_UPDATES_MAX = 20;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const RECAPTCHA_HEADER = 'google-recaptcha-token';
/**
 * Set by the server on every /api/v1 answer, errors included (docs/api.md 'Conventions'): the
 * client counts only answers carrying it as the API's, so a captive portal's page or a proxy's 502
 * is no answer (worker/api-client.ts). The value is the API's version.
 */
export const API_ANSWER_HEADER = 'x-prayer-api';
export const API_ANSWER_VALUE = 'v1';
/** Every answer's request id (server/http/request-log.ts): the app shows it as a refusal's reference. */
export const REQUEST_ID_HEADER = 'x-request-id';

// The sync engine (docs/architecture/sync-protocol.md 'Outbox and sync protocol', §5): shared by
// the worker, the service worker and the page.
/** Background Sync tag registered when the outbox must be drained once the network is back. */
export const SYNC_QUEUE_NAME = 'prayer-outbox';
/** The tag workbox-background-sync's Queue listens for (its prefix + the queue name). */
export const SYNC_TAG = `workbox-background-sync:${SYNC_QUEUE_NAME}`;
/** Web Lock held by whoever drains or pulls (tabs, worker, service worker): one at a time. */
export const SYNC_LOCK = 'prayer-sync';
/** Web Lock held while a token is refreshed, so two contexts never refresh the same token twice. */
export const AUTH_LOCK = 'prayer-auth';
/** Timeout of one /api/v1 request from the sync engine. */
export const REQUEST_TIMEOUT_MS = 15_000;
