// The one error shape of the API (docs/architecture/server.md 'Reference server'): { message,
// status, code, errors?, fieldCodes? }. Every failure, including Fastify's own (bad JSON, oversized
// body, unknown route), leaves through here. `code` is stable and machine-read
// (common/error-codes.ts, issue #12): the app translates it; `message` stays English for logs and
// older clients.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../common/contract';
import type { ErrorCode, ErrorParams, FieldCode } from '../../common/error-codes';

/** What a throw site may name besides status and message; unnamed, the code follows the status. */
type ErrorDetail = { code?: ErrorCode; params?: ErrorParams; fieldCodes?: Record<string, FieldCode[]> };

export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly fieldCodes: Record<string, FieldCode[]> | undefined;

  constructor(statusCode: number, message: string, errors?: Record<string, string[]>, detail: ErrorDetail = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
    this.code = detail.code ?? codeForStatus(statusCode);
    this.params = detail.params;
    this.fieldCodes = detail.fieldCodes;
  }
}

/** The code of a failure whose throw site named none: one per status. */
function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'request.malformed', 401: 'auth.unauthenticated', 403: 'auth.forbidden', 404: 'content.not_found',
    409: 'request.conflict', 413: 'request.too_large', 414: 'request.param_too_long', 415: 'request.unsupported_type',
    422: 'validation.invalid', 429: 'rate_limited', 502: 'upstream.failed', 503: 'service.unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'server.error' : 'request.invalid');
}

/** A coded error without field messages: `httpError(403, 'post.not_author', 'Only the author…')`. */
export function httpError(statusCode: number, code: ErrorCode, message: string, params?: ErrorParams): HttpError {
  return new HttpError(statusCode, message, undefined, params === undefined ? { code } : { code, params });
}

/** docs/product.md §8: the message of a logout without a session. */
export const NOT_LOGGED_IN = 'You are not logged in';
export const UNAUTHENTICATED = 'Unauthenticated';

const NOT_FOUND_CODES: Record<string, ErrorCode> = {
  Content: 'content.not_found', Post: 'post.not_found', Comment: 'comment.not_found', Note: 'note.not_found',
  List: 'list.not_found', Item: 'item.not_found', Session: 'session.not_found', Notification: 'notification.not_found',
  Profile: 'profile.not_found', Photo: 'photo.not_found',
};

export function notFound(what = 'Content'): HttpError {
  return httpError(404, NOT_FOUND_CODES[what] ?? 'content.not_found', `${what} not found`);
}

/** A 422 for one field, in the same shape as zod validation failures. */
export function fieldError(field: string, message: string, code: ErrorCode = 'validation.invalid', params?: ErrorParams): HttpError {
  const fieldCode: FieldCode = params === undefined ? { code } : { code, params };
  return new HttpError(422, message, { [field]: [message] }, { code, ...(params === undefined ? {} : { params }), fieldCodes: { [field]: [fieldCode] } });
}

// Fastify's client errors carry a statusCode below 500; their wording is rewritten for users.
const FASTIFY_MESSAGES: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'Malformed JSON in request body', code: 'request.malformed_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'Request body is too large', code: 'request.too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Unsupported content type', code: 'request.unsupported_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Invalid content length', code: 'request.invalid_length' },
  FST_ERR_BAD_URL: { message: 'Malformed URL', code: 'request.malformed_url' },
  FST_ERR_MAX_PARAM_LENGTH: { message: 'A path parameter is too long', code: 'request.param_too_long' },
};

/** Anything thrown: HttpError, Fastify's client errors (statusCode, code) or an unexpected Error. */
type ThrownError = Error & { statusCode?: number; code?: string };

/** Every field message gets a code: the throw site's own, else the error's code for each message. */
function fieldCodesOf(errors: Record<string, string[]>, named: Record<string, FieldCode[]> | undefined, code: ErrorCode): Record<string, FieldCode[]> {
  const out: Record<string, FieldCode[]> = {};
  for (const [field, messages] of Object.entries(errors)) out[field] = named?.[field] ?? messages.map(() => ({ code }));
  return out;
}

/** The ApiError of any failure; also what a batched mutation answers for its refusal (sync/push). */
export function toApiError(error: ThrownError): ApiError {
  if (error instanceof HttpError) {
    const body: ApiError = { message: error.message, status: error.statusCode, code: error.code };
    if (error.params !== undefined) body.params = error.params;
    if (error.errors !== undefined) {
      body.errors = error.errors;
      body.fieldCodes = fieldCodesOf(error.errors, error.fieldCodes, error.code);
    }
    return body;
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) return { message: 'An unexpected error occurred', status, code: 'server.error' };
  const known = error.code === undefined ? undefined : FASTIFY_MESSAGES[error.code];
  return { message: known?.message ?? error.message, status, code: known?.code ?? codeForStatus(status) };
}

/** An ApiError built by hand (a literal) gets its status's code when it names none. */
function withCode(body: ApiError): ApiError {
  return body.code === undefined ? { ...body, code: codeForStatus(body.status) } : body;
}

export function sendError(reply: FastifyReply, body: ApiError): FastifyReply {
  return reply.code(body.status).type('application/json; charset=utf-8').send(withCode(body));
}

export function handleError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body = toApiError(error);
  if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendError(reply, body);
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Fastify's router answers a bad percent-encoding or an over-long path param before any hook or
 * error handler runs; its `frameworkErrors` option routes them here, into the same shape.
 */
export function sendFrameworkError(error: FastifyError, reply: FastifyReply): FastifyReply {
  return sendError(reply, toApiError(error));
}

/** The 404 of an unknown route; a batched mutation naming one answers the same (sync/push). */
export function routeNotFound(method: string, url: string): ApiError {
  return { message: `Route ${method} ${url.split('?')[0] ?? ''} not found`, status: 404, code: 'route.not_found' };
}

/** What Fastify answers (through sendFrameworkError) for a path param over its router's 100 characters. */
export const PARAM_TOO_LONG: ApiError = { message: 'A path parameter is too long', status: 414, code: 'request.param_too_long' };

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, routeNotFound(request.method, request.url));
}
