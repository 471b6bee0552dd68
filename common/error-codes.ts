// Issue #12 point 3: every error answer of /api/v1 carries a stable machine `code` besides its
// English `message`; the app shows its own translation of the code (src/i18n/locales/areas/
// api-errors.ts). Codes are never renamed once shipped: a new failure gets a new code. The list is
// the single source both sides read: tests/unit/error-codes.test.ts checks every code has a
// translation in each language. docs/api.md describes the shape.

export const ERROR_CODES = [
  // By HTTP status, when the throw site names nothing more precise (errors.ts codeForStatus).
  'request.invalid',
  'request.malformed',
  'request.malformed_json',
  'request.malformed_url',
  'request.too_deep',
  'request.too_large',
  'request.param_too_long',
  'request.unsupported_type',
  'request.invalid_length',
  'request.conflict',
  'route.not_found',
  'rate_limited',
  'server.error',
  'service.unavailable',
  'upstream.failed',
  // Sessions and accounts.
  'auth.unauthenticated',
  'auth.forbidden',
  'auth.invalid_credentials',
  'auth.not_logged_in',
  'auth.invalid_guest_token',
  'auth.members_only',
  'auth.wrong_password',
  'auth.email_taken',
  'auth.username_taken',
  'auth.invalid_link',
  'auth.invalid_reset_link',
  'auth.link_of_another_account',
  'auth.bot_check_missing',
  'auth.bot_check_failed',
  'auth.bot_check_unavailable',
  // Social sign-in.
  'social.unavailable',
  'social.not_linked',
  'social.only_sign_in',
  'social.already_linked',
  'social.linked_to_another',
  'social.no_email',
  'social.unverified_email',
  'social.expired',
  'social.failed',
  'social.provider_error',
  // Content that is gone or not the caller's.
  'content.not_found',
  'post.not_found',
  'comment.not_found',
  'note.not_found',
  'list.not_found',
  'item.not_found',
  'session.not_found',
  'notification.not_found',
  'profile.not_found',
  'photo.not_found',
  'post.not_author',
  'comment.not_author',
  'list.not_owner',
  'item.not_owner',
  'item.archived',
  'item.not_archived',
  'report.own_content',
  'moderation.not_moderator',
  // Reminders (issue #13).
  'reminder.not_found',
  'reminder.limit_reached',
  // Prayer groups (issue #28; docs/product.md §11).
  'group.not_found',
  'group.not_admin',
  'group.last_admin',
  'group.already_member',
  'group.removed',
  'group.left',
  'group.request_not_found',
  'group.request_decided',
  'invite.not_found',
  'invite.expired',
  'invite.used_up',
  // Avatars.
  'avatar.missing',
  'avatar.too_large',
  'avatar.unsupported_type',
  // Offline replay (sync/push, Idempotency-Key).
  'sync.push_too_large',
  'sync.invalid_path',
  'sync.invalid_cursor',
  // The live channel (issue #48, GET sync/live).
  'live.too_many_streams',
  'idempotency.invalid_key',
  'idempotency.key_reused',
  // Field validation (422 `fieldCodes`, and the top-level code of a 422 naming its first field).
  'validation.invalid',
  'validation.required',
  'validation.too_short',
  'validation.too_long',
  'validation.too_small',
  'validation.too_large',
  'validation.email',
  'validation.format',
  'validation.choice',
  'validation.nul',
  'validation.lone_surrogate',
  'validation.future',
  'validation.too_old',
  'validation.past',
  'validation.too_far',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values a translation interpolates (a limit, a count), named like the i18next placeholders. */
export type ErrorParams = Record<string, string | number>;

/** One failure of one field of a 422, parallel to the English message at the same index. */
export type FieldCode = { code: ErrorCode; params?: ErrorParams };

const KNOWN = new Set<string>(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
