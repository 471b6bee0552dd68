// Reads whatever a failed command or auth call threw into what a form or the banner can show, in
// the user's language: the server's stable `code` (common/error-codes.ts) is translated by the app
// (areas/api-errors-*.ts), field codes included; the server's English `message` is never shown
// (issue #12 point 3). docs/product.md §5 fixes the banner text for 401/403/404/500 when nothing more
// precise is known.
import type { TFunction } from 'i18next';
import { isErrorCode, type ErrorCode, type ErrorParams, type FieldCode } from '../../common/error-codes';
import { isQuotaExceeded } from '../platform/storage-persistence';
import { isLocalStoreUnavailable } from '../state/store-unavailable';

type DescribedError = {
  status: number | undefined;
  /** The server's `message`, when it sent one (English: for logs, never shown). */
  serverMessage: string | undefined;
  /** Field messages of a 422 (first message of each field), as the server wrote them. */
  fields: Record<string, string>;
  /** The stable code: the server's, else the one its status stands for (a body made on the device). */
  code: ErrorCode | undefined;
  params: ErrorParams | undefined;
  /** The first code of each field of a 422. */
  fieldCodes: Record<string, FieldCode>;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function pickNumber(...values: unknown[]): number | undefined {
  return values.find((value): value is number => typeof value === 'number');
}

function pickString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.length > 0);
}

function readFields(errors: unknown): Record<string, string> {
  if (!isRecord(errors)) return {};
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') fields[field] = first;
  }
  return fields;
}

function readParams(value: unknown): ErrorParams | undefined {
  if (!isRecord(value)) return undefined;
  const params: ErrorParams = {};
  for (const [key, param] of Object.entries(value)) if (typeof param === 'string' || typeof param === 'number') params[key] = param;
  return params;
}

function readFieldCodes(value: unknown): Record<string, FieldCode> {
  if (!isRecord(value)) return {};
  const codes: Record<string, FieldCode> = {};
  for (const [field, list] of Object.entries(value)) {
    const first: unknown = Array.isArray(list) ? list[0] : undefined;
    if (!isRecord(first) || !isErrorCode(first.code)) continue;
    const params = readParams(first.params);
    codes[field] = params === undefined ? { code: first.code } : { code: first.code, params };
  }
  return codes;
}

/** The code a status stands for when the body names none (server/http/errors.ts codeForStatus). */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'request.malformed', 401: 'auth.unauthenticated', 403: 'auth.forbidden', 404: 'content.not_found',
  409: 'request.conflict', 413: 'request.too_large', 422: 'validation.invalid', 429: 'rate_limited',
  500: 'server.error', 502: 'upstream.failed', 503: 'service.unavailable',
};

/** Accepts an ApiError body, an Error carrying one (as `data`, `body` or own fields), or anything. */
export function describeError(err: unknown): DescribedError {
  if (!isRecord(err)) return { status: undefined, serverMessage: undefined, fields: {}, code: undefined, params: undefined, fieldCodes: {} };
  // An error body nested as `data` or `body`; a refused change's record has a `body` too, the
  // request the user wrote (db/types.ts FailedMutation), which is not an error body.
  const nested = [err.data, err.body].find((value) => isRecord(value) && (typeof value.status === 'number' || isErrorCode(value.code) || typeof value.message === 'string'));
  const body = isRecord(nested) ? nested : err;
  const status = pickNumber(err.status, err.statusCode, body.status);
  const bodyMessage = pickString(body.message);
  // A bare Error's own message ("Failed to fetch") is not a server message.
  const serverMessage = body === err && err instanceof Error && status === undefined ? undefined : bodyMessage;
  const named = isErrorCode(body.code) ? body.code : undefined;
  const code = named ?? (status === undefined ? undefined : (STATUS_CODES[status] ?? (status >= 500 ? 'server.error' : undefined)));
  return { status, serverMessage, fields: readFields(body.errors ?? err.errors), code, params: readParams(body.params), fieldCodes: readFieldCodes(body.fieldCodes) };
}

// The translation function with a key built at run time (the typed `t` only takes literal keys).
type LooseT = (key: string, options: Record<string, unknown>) => string;
const MISSING = '\u0000missing';

function lookup(t: TFunction, key: string, params: ErrorParams = {}): string | undefined {
  const text = (t as unknown as LooseT)(key, { ...params, defaultValue: MISSING });
  return text === MISSING ? undefined : text;
}

/** The app's text for a code, in the user's language; undefined for a code it has no words for. */
export function codeMessage(t: TFunction, code: ErrorCode, params?: ErrorParams): string | undefined {
  return lookup(t, `apiErrors.codes.${code}`, params);
}

/** A field's failure: the form's own words for it ("Enter your name"), else the code's. */
function fieldCodeMessage(t: TFunction, field: string, { code, params }: FieldCode): string {
  const fieldKey = code.startsWith('validation.') ? `apiErrors.fields.${field}.${code.slice('validation.'.length)}` : undefined;
  return (fieldKey === undefined ? undefined : lookup(t, fieldKey, params)) ?? codeMessage(t, code, params) ?? t('apiErrors.generic');
}

/** The translated message of every field of a 422 (what a form shows under its inputs). */
export function fieldMessages(err: unknown, t: TFunction): Record<string, string> {
  const { fields, fieldCodes } = describeError(err);
  const messages: Record<string, string> = {};
  for (const field of new Set([...Object.keys(fields), ...Object.keys(fieldCodes)])) {
    const code = fieldCodes[field];
    messages[field] = code === undefined ? t('apiErrors.codes.validation.invalid') : fieldCodeMessage(t, field, code);
  }
  return messages;
}

const FIXED_STATUS: Record<number, 'errors.status404' | 'errors.status403' | 'errors.status500' | 'errors.status401'> = {
  404: 'errors.status404',
  403: 'errors.status403',
  500: 'errors.status500',
  401: 'errors.status401',
};

/** Codes that only repeat their status: docs/product.md §5's fixed banner texts say the same. */
const STATUS_ONLY = new Set<ErrorCode>(['auth.unauthenticated', 'auth.forbidden', 'content.not_found', 'server.error', 'request.invalid']);

/** The translated text of an error's code; for a 422, its first field's words. */
function translated(err: unknown, t: TFunction): string | undefined {
  const { code, params, fieldCodes, status } = describeError(err);
  const [firstField] = Object.entries(fieldCodes);
  if (firstField !== undefined && status === 422 && firstField[1].code === code) return fieldCodeMessage(t, firstField[0], firstField[1]);
  if (code === undefined || STATUS_ONLY.has(code)) return undefined;
  return codeMessage(t, code, params);
}

/** docs/product.md §5 banner mapping, with the code's own words when it says more than its status. */
export function bannerMessage(err: unknown, t: TFunction, fallback: string): string {
  // docs/architecture/local-store.md 'Local database': the device, not the server, refused: say
  // what the user can do about it.
  if (isQuotaExceeded(err)) return t('syncFeedback.storage.full');
  const own = translated(err, t);
  if (own !== undefined) return own;
  const { status } = describeError(err);
  const fixed = status === undefined ? undefined : FIXED_STATUS[status];
  return fixed ? t(fixed) : fallback;
}

/** In a form: a full device first, a browser that keeps no site data, then offline, then the code's words, else the banner mapping. */
export function formMessage(err: unknown, t: TFunction, fallback: string): string {
  if (isQuotaExceeded(err)) return t('syncFeedback.storage.full');
  // Issue #23 point 3: the browser keeps no data for this site, so no session can be kept here.
  if (isLocalStoreUnavailable(err)) return t('auth.storageBlocked');
  if (typeof navigator !== 'undefined' && !navigator.onLine) return t('auth.offline');
  return bannerMessage(err, t, fallback);
}
