// What an answer of /api/v1 says, read the same way by every call (worker/api-client.ts) and the
// live stream's opening (worker/api-stream.ts): whether it is the API's at all, and its error.
import type { ApiError } from '../common/contract';
import { API_ANSWER_HEADER } from '../common/constants';
import { isErrorCode, type ErrorParams, type FieldCode } from '../common/error-codes';

/**
 * The API marks every answer (API_ANSWER_HEADER, docs/api.md 'Conventions'). Anything else on the
 * way answers too, without it: a captive portal's login page (often a 200), a proxy's or a load
 * balancer's 502 or 504 page. Those say the network is not through to the server yet.
 */
export function fromApi(response: Pick<Response, 'headers'>): boolean {
  return response.headers.has(API_ANSWER_HEADER);
}

function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return fields;
}

/** The server's error body (docs/architecture/server.md 'Reference server' one shape), or a stand-in when the body is not one. */
export function errorOf(status: number, body: unknown, fallback: string): ApiError {
  if (typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') {
    return { message: fallback, status };
  }
  const errors = 'errors' in body ? fieldErrors(body.errors) : undefined;
  const error: ApiError = errors ? { message: body.message, status, errors } : { message: body.message, status };
  // The stable code and its details travel on: the app translates them (issue #12, docs/api.md).
  if ('code' in body && isErrorCode(body.code)) error.code = body.code;
  if ('params' in body && typeof body.params === 'object' && body.params !== null) error.params = body.params as ErrorParams;
  if ('fieldCodes' in body && typeof body.fieldCodes === 'object' && body.fieldCodes !== null) error.fieldCodes = body.fieldCodes as Record<string, FieldCode[]>;
  return error;
}
