// JSON bodies: an empty body is "no body" (POST post/{id}/pray needs none), malformed JSON is a
// 400 in the API's error shape, never a 500. Fastify's bodyLimit still applies (413).
// Hostile bodies stop here too (issue #11 item 4; docs/api.md 'Conventions'), before any handler:
// nesting deeper than MAX_JSON_DEPTH is a 400 (hashing such a body for the idempotency record
// overflowed the stack: a 500), and a lone UTF-16 surrogate in any key or string is a 422 naming
// the field (PostgreSQL cannot store one: jsonb refuses it with a 500).
import type { FastifyInstance } from 'fastify';
import { fieldError, HttpError } from './errors';

/**
 * The deepest nesting of arrays and objects a body may have. The deepest real body is a sync/push
 * item's body inside the batch (4 levels), so 64 leaves room for any client and none for a stack attack.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `JSON in request body is nested deeper than ${MAX_JSON_DEPTH} levels`;
export const LONE_SURROGATE_MESSAGE = 'Text must not contain an unpaired UTF-16 surrogate';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** Whether JSON text nests deeper than `max`, read in one pass without parsing (so without recursion). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1; // the escaped character can never end the string
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENERS.has(c)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSERS.has(c)) {
      depth -= 1;
    }
  }
  return false;
}

// With the u flag a surrogate pair is one code point, so only a lone surrogate matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** The path of the first key or string holding a lone surrogate ('body' for the body itself), or undefined. */
function loneSurrogateField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path.join('.') || 'body' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return [...path, key].join('.');
    const found = loneSurrogateField(child, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The parsed body, or the HttpError it gets (400 malformed or too deep, 422 lone surrogate). */
function parseJsonBody(text: string): { body: unknown } | { error: HttpError } {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { error: new HttpError(400, TOO_DEEP_MESSAGE, undefined, { code: 'request.too_deep', params: { max: MAX_JSON_DEPTH } }) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: new HttpError(400, 'Malformed JSON in request body', undefined, { code: 'request.malformed_json' }) };
  }
  // Bounded by MAX_JSON_DEPTH above, so this walk cannot overflow the stack either.
  const field = loneSurrogateField(body);
  return field === undefined ? { body } : { error: fieldError(field, LONE_SURROGATE_MESSAGE, 'validation.lone_surrogate') };
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    const parsed = parseJsonBody(text);
    if ('error' in parsed) done(parsed.error, undefined);
    else done(null, parsed.body);
  });
}
