// Logs an operator can read (issue #27 item 3,
// docs/decisions/0179-request-ids-and-the-request-log.md): one JSON line per request (pino, through
// Fastify's logger) with its method, route pattern, status, duration and request id; the id goes
// back in X-Request-Id, so a member's "Reference" (the refused-changes list shows it) finds the
// line. Nothing a member wrote or holds is logged: no bodies, no headers, no query strings (the
// route pattern stands for the URL), and an error's query parameters are dropped (a failed query's
// message carries them: emails, prayer texts).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER } from '../../common/constants';
import type { AppConfig } from '../config';

/** What a proxy's id may look like: a UUID, nginx's $request_id, a trace id; nothing that could forge a log line. */
const REQUEST_ID_SHAPE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Where the log lines go; absent: standard output. Tests capture them. */
export type LogSink = { write(line: string): void };

/** A fresh id: 16 hex characters, short enough for a member to read out. */
function newRequestId(): string {
  return randomBytes(8).toString('hex');
}

/**
 * The id of a request: the proxy's X-Request-Id when a proxy of ours stands in front (TRUST_PROXY,
 * as for X-Forwarded-For) and it has a sane shape, else a fresh one.
 */
export function requestIdFor(trustProxy: number): (request: IncomingMessage) => string {
  if (trustProxy <= 0) return newRequestId;
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && REQUEST_ID_SHAPE.test(given) ? given : newRequestId();
  };
}

type LoggedError = { type: string; message: string; stack: string; code?: string; constraint?: string; cause?: LoggedError };

function stringField(value: object, name: string): string | undefined {
  const field: unknown = Reflect.get(value, name);
  return typeof field === 'string' ? field : undefined;
}

/**
 * An error as logged: its type, message, code and stack frames; never its other fields (a
 * PostgreSQL error's `detail` quotes the row: "Key (email)=(...)"). A failed drizzle query's
 * message ends with its parameters: only the SQL text is kept.
 */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: 'a thrown non-error', stack: '' };
  const query = stringField(error, 'query');
  const raw = stringField(error, 'message') ?? '';
  const message = query !== undefined && Reflect.has(error, 'params') ? `Failed query: ${query}` : raw;
  const frames = (stringField(error, 'stack') ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const out: LoggedError = { type: stringField(error, 'name') ?? 'Error', message, stack: frames.join('\n') };
  const code = stringField(error, 'code');
  const constraint = stringField(error, 'constraint');
  if (code !== undefined) out.code = code;
  if (constraint !== undefined) out.constraint = constraint;
  const cause: unknown = Reflect.get(error, 'cause');
  if (cause !== undefined && depth < 3) out.cause = loggedError(cause, depth + 1);
  return out;
}

type LoggingOptions = Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'>;

/** Fastify's logger options: LOG=0 is silent unless a test passes its sink. */
export function loggingOptions(config: Pick<AppConfig, 'logger' | 'trustProxy'>, sink?: LogSink): LoggingOptions {
  const enabled = config.logger || sink !== undefined;
  return {
    logger: enabled ? {
      level: 'info',
      // Fastify's own request lines are off (ours is one per request); nothing logs headers, and
      // should anything ever log a request, these two never show.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
      serializers: { err: (error: unknown) => loggedError(error), error: (error: unknown) => loggedError(error) },
      ...(sink === undefined ? {} : { stream: sink }),
    } : false,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdFor(config.trustProxy),
  };
}

/** The route pattern ('/api/v1/post/:id'), never the raw URL; 'unmatched' for what no route took. */
export function routeOf(request: { routeOptions: { url?: string | undefined } }): string {
  return request.routeOptions.url ?? 'unmatched';
}

function logLine(request: FastifyRequest, reply: FastifyReply): void {
  const duration = reply.elapsedTime;
  request.log.info({
    method: request.method, route: routeOf(request), status: reply.statusCode, durationMs: Number.isFinite(duration) ? Math.round(duration * 10) / 10 : 0,
  }, 'request');
}

/** X-Request-Id on every answer, then one line per request once it is answered. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => logLine(request, reply));
}

/** Fastify answers a malformed address (frameworkErrors) before any hook runs: its id and its line from here. */
export function frameworkReply(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.raw.once('finish', () => logLine(request, reply));
  return reply.header(REQUEST_ID_HEADER, request.id);
}
