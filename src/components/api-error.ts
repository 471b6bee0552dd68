// Reads whatever a failed command or auth call threw into what a form or the banner can show.
// SPEC §5 fixes the banner text for 401/403/404/500; other statuses show the server's message.
import type { TFunction } from 'i18next';

export type DescribedError = {
  status: number | undefined;
  /** The server's `message`, when it sent one. */
  serverMessage: string | undefined;
  /** Field messages of a 422 (first message of each field). */
  fields: Record<string, string>;
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

/** Accepts an ApiError body, an Error carrying one (as `data`, `body` or own fields), or anything. */
export function describeError(err: unknown): DescribedError {
  if (!isRecord(err)) return { status: undefined, serverMessage: undefined, fields: {} };
  const body = isRecord(err.data) ? err.data : isRecord(err.body) ? err.body : err;
  const status = pickNumber(err.status, err.statusCode, body.status);
  const bodyMessage = pickString(body.message);
  // A bare Error's own message ("Failed to fetch") is not a server message.
  const serverMessage = body === err && err instanceof Error && status === undefined ? undefined : bodyMessage;
  return { status, serverMessage, fields: readFields(body.errors ?? err.errors) };
}

const FIXED_STATUS: Record<number, 'errors.status404' | 'errors.status403' | 'errors.status500' | 'errors.status401'> = {
  404: 'errors.status404',
  403: 'errors.status403',
  500: 'errors.status500',
  401: 'errors.status401',
};

/** SPEC §5 banner mapping. */
export function bannerMessage(err: unknown, t: TFunction, fallback: string): string {
  const { status, serverMessage } = describeError(err);
  const fixed = status === undefined ? undefined : FIXED_STATUS[status];
  if (fixed) return t(fixed);
  return serverMessage ?? fallback;
}

/** In a form the server's own words are the most useful; else the banner mapping. */
export function formMessage(err: unknown, t: TFunction, fallback: string): string {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return t('auth.offline');
  const { serverMessage } = describeError(err);
  return serverMessage ?? bannerMessage(err, t, fallback);
}
