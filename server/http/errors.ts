// The one error shape of the API (DESIGN.md §6): { message, status, errors? }. Every failure,
// including Fastify's own (bad JSON, oversized body, unknown route), leaves through here.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../common/contract';

export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;

  constructor(statusCode: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

/** SPEC §8: the message of a logout without a session. */
export const NOT_LOGGED_IN = 'You are not logged in';
export const UNAUTHENTICATED = 'Unauthenticated';

export function notFound(what = 'Content'): HttpError {
  return new HttpError(404, `${what} not found`);
}

/** A 422 for one field, in the same shape as zod validation failures. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

// Fastify's client errors carry a statusCode below 500; their wording is rewritten for users.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
};

/** Anything thrown: HttpError, Fastify's client errors (statusCode, code) or an unexpected Error. */
export type ThrownError = Error & { statusCode?: number; code?: string };

/** The ApiError of any failure; also what a batched mutation answers for its refusal (sync/push). */
export function toApiError(error: ThrownError): ApiError {
  if (error instanceof HttpError) {
    return error.errors === undefined
      ? { message: error.message, status: error.statusCode }
      : { message: error.message, status: error.statusCode, errors: error.errors };
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) return { message: 'An unexpected error occurred', status };
  return { message: (error.code === undefined ? undefined : FASTIFY_MESSAGES[error.code]) ?? error.message, status };
}

export function sendError(reply: FastifyReply, body: ApiError): FastifyReply {
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
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
  return { message: `Route ${method} ${url.split('?')[0] ?? ''} not found`, status: 404 };
}

/** What Fastify answers (through sendFrameworkError) for a path param over its router's 100 characters. */
export const PARAM_TOO_LONG: ApiError = { message: 'A path parameter is too long', status: 414 };

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, routeNotFound(request.method, request.url));
}
