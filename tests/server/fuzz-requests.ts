// Builds the fuzz test's malformed requests (fuzz.test.ts). A request that could write is invalid
// by construction: it carries a *guard*, a defect that every route of its shape rejects before
// anything is written, and random garbage everywhere else:
//   parser: (any body method) malformed JSON, an unsupported content type or an oversized body;
//           Fastify rejects these (400/415/413) before any handler runs. A route with parsers of
//           its own (the avatar upload takes images) gets text that is neither JSON nor an image;
//   path:   (routes with params) a param that cannot name a row (fuzz-values BAD_PATH_VALUES);
//   shape:  (callers without a usable session: no token, a garbage or revoked one) JSON that is
//           not an object: routes behind auth answer 401 first, public routes parse an object body.
//           Not for expired tokens: those may still refresh or log out (docs/product.md §4), which writes.
//   hostile: (any identity) a plausible JSON body with JSON nested 5,000 deep or a lone UTF-16
//           surrogate in a value or key (fuzz-hostile.ts), for POST sync/push inside one of its
//           items; the JSON parser refuses these (issue #11 item 4: they were 500s).
// GET and HEAD carry no guard: a read must never write, whatever it is sent, and the database
// checksum of fuzz.test.ts proves that too.
import type { HTTPMethods } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../common/constants';
import { HOSTILE_SHAPES, hostileBodyText, hostilePushText, type HostileShape } from './fuzz-hostile';
import {
  BAD_PATH_VALUES, garbageObject, garbageValue, hugeString, nestedArrayText, ODD_READ_PATH_VALUES,
  PLAUSIBLE_IDS, STRINGS, type Rng,
} from './fuzz-values';

export type FuzzRoute = { method: HTTPMethods; url: string };
export type Identity = 'member' | 'guest' | 'anonymous' | 'garbage' | 'expired';
export const IDENTITIES: readonly Identity[] = ['member', 'guest', 'anonymous', 'garbage', 'expired'];
export type Tokens = { member: string; guest: string; expired: string; revoked: string };
export type Guard = 'parser' | 'path' | 'shape' | 'hostile' | 'read';
export type FuzzRequest = {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  identity: Identity;
  guard: Guard;
};
/** What a request is built with besides its route: `hostile` forces that guard and shape. */
export type BuildOptions = { prefix: string; writeRoutes: readonly FuzzRoute[]; hostile?: HostileShape; pushTarget?: FuzzRoute };

const READ_METHODS = new Set(['GET', 'HEAD']);
export const isRead = (method: string) => READ_METHODS.has(method);

const MALFORMED_JSON = [
  '{', '[', '{"text": "unterminated', "{'text': 'single quotes'}", '{"text": "a",}', '[1,,2]', 'NaN', '{"a": NaN}',
  'undefined', '{"a": 1}}', '{"a": 1} trailing', '\u0000{"a": 1}', '{"a": "\u0000', '{"a": "\\uZZZZ"}',
  '{"a" 1}', '{a: 1}', '--', '<xml/>', 'text=hi&type=REQUEST', `${'['.repeat(20_000)}`, '{"text": "\\', ')]}\',\n{}',
] as const;
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=latin1'] as const;
const UNSUPPORTED_TYPES = [
  'application/xml', 'text/html', 'multipart/form-data; boundary=----fuzz', 'application/x-www-form-urlencoded',
  'image/png', 'application/jsonx', 'application/octet-stream', 'json', 'application/json-patch+json', '*/*',
] as const;
const GARBAGE_AUTH = [
  'Bearer', 'Bearer ', 'Bearer a b', 'Basic dXNlcjpwYXNz', 'bearer', 'Bearer null', 'Bearer undefined',
  'Bearer %00', 'Bearer \u00e9\u00e8', 'Bearer ../../etc/passwd', 'Token abc', 'Bearer ' + 'A'.repeat(6000),
] as const;
const BAD_IDEMPOTENCY_KEYS = ['', ' ', 'a'.repeat(201), 'key with spaces', 'cl\u00e9', '{"a":1}', '../x', '%00', 'k\tk'] as const;
const BAD_CHANNELS = ['0', '-1', '4', '999999999999', 'abc', '1.5', '', ' 2 ', '1,2', '1e1', 'null'] as const;
const QUERY_KEYS = ['type', 'search', 'page', 'since', 'new', 'loadMore', 'channel_id', 'per_page', 'limit', 'id', 'q', 'cursor', 'a[b]', 'type[]', '__proto__', ''] as const;
const QUERY_VALUES = [
  '', '-1', '0', '1e309', 'NaN', '9'.repeat(400), 'REQUEST', 'request', 'BOOKMARKED', 'PRAYED_BY_USER', 'x'.repeat(5000),
  '%00', '%ZZ', '%', '%F0%9F%99%8F', encodeURIComponent('2024-13-45T99:99:99Z'), encodeURIComponent('<script>'),
  encodeURIComponent("'; DROP TABLE posts;--"), 'true', 'null', '%5Bobject%20Object%5D', '1', '2', '&&', '==',
] as const;

function authorization(rng: Rng, identity: Identity, tokens: Tokens, guard: Guard): string | undefined {
  switch (identity) {
    case 'member': return `Bearer ${tokens.member}`;
    case 'guest': return `Bearer ${tokens.guest}`;
    case 'anonymous': return undefined;
    case 'expired': return `${rng.pick(['Bearer', 'bearer', 'BEARER'])} ${tokens.expired}`;
    case 'garbage': {
      if (rng.chance(0.25)) return `Bearer ${tokens.revoked}`;
      // A valid token under another scheme is no token at all (bearerToken() reads Bearer only).
      if (guard === 'shape' && rng.chance(0.15)) return `Basic ${tokens.member}`;
      return rng.chance(0.3) ? `Bearer ${randomToken(rng)}` : rng.pick(GARBAGE_AUTH);
    }
  }
}

function randomToken(rng: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 43 }, () => alphabet[rng.int(alphabet.length)]).join('');
}

function pathValue(rng: Rng, guarded: boolean, read: boolean): string {
  if (guarded) return rng.pick(BAD_PATH_VALUES);
  if (read && rng.chance(0.5)) return rng.pick(rng.chance(0.5) ? BAD_PATH_VALUES : ODD_READ_PATH_VALUES);
  return rng.pick(PLAUSIBLE_IDS);
}

/** Fills `:params`; with the path guard at least one of them is bad, the others plausible. */
function fillPath(rng: Rng, url: string, guard: Guard): string {
  const segments = url.split('/');
  const params = segments.flatMap((s, i) => (s.startsWith(':') ? [i] : []));
  const badIndex = guard === 'path' ? rng.pick(params) : -1;
  return segments.map((s, i) => {
    if (!s.startsWith(':')) return s;
    const guarded = i === badIndex || (guard === 'path' && rng.chance(0.3));
    return pathValue(rng, guarded, guard === 'read');
  }).join('/');
}

function garbageQuery(rng: Rng): string {
  if (rng.chance(0.3)) return '';
  const pairs = Array.from({ length: 1 + rng.int(4) }, () => `${rng.pick(QUERY_KEYS)}=${rng.pick(QUERY_VALUES)}`);
  if (rng.chance(0.1)) pairs.push(pairs[0] ?? 'page=1'); // a repeated key arrives as an array
  return `?${pairs.join(rng.chance(0.9) ? '&' : ';')}`;
}

function garbageHeaders(rng: Rng, headers: Record<string, string>): void {
  if (rng.chance(0.4)) headers[IDEMPOTENCY_HEADER] = rng.pick(BAD_IDEMPOTENCY_KEYS);
  if (rng.chance(0.3)) headers['x-channel-id'] = rng.pick(BAD_CHANNELS);
  if (rng.chance(0.2)) headers['x-lang'] = rng.pick(['', 'xx', 'a'.repeat(300), '../', 'pt-BR;DROP']);
  if (rng.chance(0.1)) headers.accept = rng.pick(['text/html', 'application/xml', '*/*;q=abc', '']);
  if (rng.chance(0.1)) headers['google-recaptcha-token'] = rng.pick(['', 'x'.repeat(5000), 'null']);
}

/** Always rejected before a handler runs (see the file comment). */
function parserBody(rng: Rng, headers: Record<string, string>): string {
  switch (rng.int(3)) {
    case 0:
      headers['content-type'] = rng.pick(JSON_TYPES);
      return rng.pick(MALFORMED_JSON);
    case 1:
      // The body is not JSON either, so even a type that were taken for JSON would fail to parse.
      if (rng.chance(0.85)) headers['content-type'] = rng.pick(UNSUPPORTED_TYPES);
      return rng.pick(MALFORMED_JSON.slice(0, 12));
    default:
      headers['content-type'] = rng.pick([...JSON_TYPES, ...UNSUPPORTED_TYPES, 'text/plain']);
      return JSON.stringify({ text: 'x'.repeat(66_000 + rng.int(150_000)), type: 'REQUEST', extra: garbageObject(rng) });
  }
}

/** JSON that is anything but an object (never null: parseInput reads a missing body as {}). */
function shapeBody(rng: Rng, headers: Record<string, string>): string {
  if (rng.chance(0.15)) {
    headers['content-type'] = 'text/plain';
    return rng.pick(STRINGS.filter((s) => s.trim() !== '')) + hugeString(rng);
  }
  headers['content-type'] = rng.pick(JSON_TYPES);
  // Deep nesting as text: JSON.stringify itself overflows the stack long before the server's parser.
  if (rng.chance(0.1)) return nestedArrayText(rng.pick([1000, 10_000]));
  const value = rng.pick([
    () => Array.from({ length: rng.int(4) }, () => garbageValue(rng)),
    () => rng.pick(STRINGS),
    () => rng.pick([0, -1, 1.5, 1e308, true, false]),
    () => [garbageObject(rng)],
  ])();
  return JSON.stringify(value);
}

function freeBody(rng: Rng, headers: Record<string, string>): string | undefined {
  if (rng.chance(0.3)) return undefined;
  headers['content-type'] = rng.pick(JSON_TYPES);
  if (rng.chance(0.1)) return rng.pick(['', 'null', '{}']);
  const fields = rng.chance(0.7) ? garbageObject(rng) : garbageValue(rng);
  return JSON.stringify(fields);
}

function pickGuard(rng: Rng, route: FuzzRoute, identity: Identity): Guard {
  if (isRead(route.method)) return 'read';
  const guards: Guard[] = ['parser', 'hostile'];
  if (route.url.includes('/:')) guards.push('path');
  if (identity === 'anonymous' || identity === 'garbage') guards.push('shape');
  return rng.pick(guards);
}

/** The hostile body of `route`: POST sync/push carries it in an item for another write route. */
function hostileBody(rng: Rng, route: FuzzRoute, headers: Record<string, string>, options: BuildOptions): string {
  headers['content-type'] = rng.pick(JSON_TYPES);
  // A valid key half the time, so the body reaches the idempotency hash if the parser lets it through.
  if (rng.chance(0.5)) headers[IDEMPOTENCY_HEADER] = `fuzz-hostile-${rng.int(1e9)}`;
  const shape = options.hostile ?? rng.pick(HOSTILE_SHAPES);
  if (route.url !== `${options.prefix}/sync/push`) return hostileBodyText(rng, shape);
  return hostilePushText(rng, shape, options.pushTarget ?? rng.pick(options.writeRoutes), options.writeRoutes, options.prefix);
}

export function buildRequest(rng: Rng, route: FuzzRoute, identity: Identity, tokens: Tokens, options: BuildOptions): FuzzRequest {
  const guard = options.hostile === undefined ? pickGuard(rng, route, identity) : 'hostile';
  const headers: Record<string, string> = {};
  const auth = authorization(rng, identity, tokens, guard);
  if (auth !== undefined) headers.authorization = auth;
  garbageHeaders(rng, headers);
  const url = `${fillPath(rng, route.url, guard)}${garbageQuery(rng)}`;
  let payload: string | undefined;
  if (guard === 'parser') payload = parserBody(rng, headers);
  else if (guard === 'shape') payload = shapeBody(rng, headers);
  else if (guard === 'hostile') payload = hostileBody(rng, route, headers, options);
  else if (guard === 'path' || rng.chance(0.1)) payload = freeBody(rng, headers);
  return { method: route.method, url, headers, identity, guard, ...(payload === undefined ? {} : { payload }) };
}

/** One line that replays a request by hand (payload cut short). */
export function describeRequest(r: FuzzRequest): string {
  const headers = JSON.stringify(r.headers, (_k, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}...(${v.length})` : v));
  const body = r.payload === undefined ? '' : ` body=${JSON.stringify(r.payload.length > 160 ? `${r.payload.slice(0, 160)}...(${r.payload.length})` : r.payload)}`;
  const url = r.url.length > 200 ? `${r.url.slice(0, 200)}...(${r.url.length})` : r.url;
  return `${r.method} ${url} [${r.identity}, guard ${r.guard}] headers=${headers}${body}`;
}
