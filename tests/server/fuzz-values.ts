// Garbage for the fuzz test (fuzz.test.ts): a seeded PRNG and the malformed values it draws from.
// Values are chosen for what they break: integer parsing, encodings, limits, JSON parsing, SQL.

export type Rng = {
  int(below: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: T[]): T[];
};

/** mulberry32: tiny, fast and good enough to spread garbage; the same seed replays the same run. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i -= 1) {
        const j = int(i + 1);
        [items[i], items[j]] = [items[j] as T, items[i] as T];
      }
      return items;
    },
  };
}

/**
 * Path values that can never name an existing row, already URL-encoded: not a positive int4 once
 * coerced (so no '0x1F', '+5', '%201' or '1e3', which Number() reads as ids), and never a dot
 * segment ('..' or '%2e%2e' would be normalised into a different route).
 */
export const BAD_PATH_VALUES = [
  '0', '-1', '-0', '2147483648', '-2147483649', '99999999999999999999999', '1e10', '1.5', 'NaN', 'Infinity',
  '-Infinity', 'abc', 'null', 'undefined', 'true', '%00', '1%00', '%2F', '..%2F..%2Fetc%2Fpasswd', '%5C..%5C',
  '%E2%80%AE1', '%F0%9F%99%8F', '%C3%A9t%C3%A9', "1'%20OR%20'1'%3D'1", '%3Cscript%3E', '%7B%7D', '%5B%5D',
  '%E0%A4%A', '%', '%ZZ', 'x'.repeat(3000), '9'.repeat(400),
] as const;

/** For reads only: values that may resolve to a real row or route, which reads must survive too. */
export const ODD_READ_PATH_VALUES = ['1', '2', '3', '0x1F', '+5', '%201', '1e1', '..', '%2e%2e', '.', '1;DROP'] as const;

export const PLAUSIBLE_IDS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;

/** Field and query names the API uses, so garbage reaches real validators and not only strip(). */
export const FIELD_NAMES = [
  'text', 'type', 'is_anonymous', 'channel_id', 'answer_text', 'post_id', 'id', 'name', 'email', 'password',
  'current_password', 'new_password', 'password_confirmation', 'token', 'language', 'locale', 'guest_token',
  'comment', 'note', 'title', 'description', 'reference', 'position', 'visibility', 'list_id', 'items_qtd',
  'prayer_session_items_qtd', 'extra', 'search', 'page', 'since', 'new', 'loadMore', 'per_page', 'force',
  '__proto__', 'constructor', 'prototype',
] as const;

const HUGE_LENGTHS = [101, 201, 1001, 2001, 5001, 20_000] as const;

export const STRINGS = [
  '', ' ', '\t\n', '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '\u202e', '\ud83d\ude4f'.repeat(600),
  "'; DROP TABLE posts; --", '" OR 1=1 --', '<script>alert(1)</script>', '${7*7}', '%00', '../../etc/passwd',
  '2024-02-30T25:61:00Z', '1970-01-01T00:00:00', '-1', '1e309', 'NaN', 'REQUEST', 'request', 'THANK ', 'null',
] as const;

const NUMBERS = [0, -1, 1.5, -0.000001, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308] as const;

export function hugeString(rng: Rng): string {
  return rng.pick(['x', 'é', '\u0000', '🙏', ' ']).repeat(rng.pick(HUGE_LENGTHS));
}

/** Any JSON value of the wrong kind for whatever field receives it. */
export function garbageValue(rng: Rng, depth = 0): unknown {
  const kind = rng.int(depth > 2 ? 5 : 8);
  switch (kind) {
    case 0: return rng.pick([null, true, false]);
    case 1: return rng.pick(NUMBERS);
    case 2: return rng.pick(STRINGS);
    case 3: return hugeString(rng);
    case 4: return nestedArray(rng.pick([2, 50, 300]));
    case 5: return Array.from({ length: rng.int(4) }, () => garbageValue(rng, depth + 1));
    default: return garbageObject(rng, depth + 1);
  }
}

export function garbageObject(rng: Rng, depth = 0): Record<string, unknown> {
  const entries = Array.from({ length: 1 + rng.int(6) }, () => [
    rng.chance(0.8) ? rng.pick(FIELD_NAMES) : rng.pick(STRINGS), garbageValue(rng, depth),
  ] as const);
  // fromEntries defines own properties, so '__proto__' is sent as a key instead of setting a prototype.
  return Object.fromEntries(entries);
}

export function nestedArrayText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function nestedArray(depth: number): unknown {
  return JSON.parse(nestedArrayText(depth));
}
