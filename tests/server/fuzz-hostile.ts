// Hostile bodies for the fuzz test (issue #11 item 4): JSON nested far past the parser's bound
// (server/http/json-body.ts MAX_JSON_DEPTH) and lone UTF-16 surrogates in a value or a key, on
// every write route and inside POST sync/push items. Apart from that one defect the body is
// plausible for most routes (a superset of the fields they read; zod strips the rest), so a
// parser that let it through would reach the handler and write, which fuzz.test.ts would see.
import type { FuzzRoute } from './fuzz-requests';
import { PLAUSIBLE_IDS, type Rng } from './fuzz-values';

export type HostileShape = 'deep' | 'surrogate-value' | 'surrogate-key';
export const HOSTILE_SHAPES: readonly HostileShape[] = ['deep', 'surrogate-value', 'surrogate-key'];

/** The figure: ~5,000 levels, well under the body limit, used to overflow the stack. */
export const HOSTILE_DEPTH = 5000;

/** Unpaired halves (JSON.stringify sends them as \uXXXX escapes, the only way they survive UTF-8). */
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'Pray \ud83d for me', '\ude4f', '\ud83d\ud83d'] as const;

/** Values most write routes accept, so only the hostile part is wrong. */
const PLAUSIBLE_BODY: Record<string, unknown> = {
  text: 'Please pray for my family this week.', type: 'REQUEST', comment: 'Praying for you', note: 'A note',
  name: 'Fuzz Member', title: 'An item', description: 'A list', reference: 'Ps 23', answer_text: 'Answered',
  post_id: 1, token: 'fuzz-device-token', platform: 'web', locale: 'en-US', language: 'en-US', channel_id: 1,
  visibility: 'PUBLIC', is_anonymous: false, prayer_session_items_qtd: 5,
};
const TARGET_FIELDS = ['text', 'comment', 'note', 'name', 'title', 'token', 'answer_text', 'extra', 'device'] as const;

/** Arrays, objects or both, `depth` levels deep, as text (JSON.stringify itself overflows first). */
function deepText(rng: Rng, depth: number): string {
  switch (rng.int(3)) {
    case 0: return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    case 1: return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    default: return `${'[{"a":'.repeat(depth / 2)}"x"${'}]'.repeat(depth / 2)}`;
  }
}

/** A plausible body with one hostile defect, as JSON text. */
export function hostileBodyText(rng: Rng, shape: HostileShape): string {
  const field = rng.pick(TARGET_FIELDS);
  const surrogate = rng.pick(LONE_SURROGATES);
  switch (shape) {
    case 'deep': {
      const plain = JSON.stringify({ ...PLAUSIBLE_BODY, [field]: null });
      return plain.replace(`"${field}":null`, `"${field}":${deepText(rng, HOSTILE_DEPTH)}`);
    }
    case 'surrogate-value': return JSON.stringify({ ...PLAUSIBLE_BODY, [field]: surrogate });
    case 'surrogate-key': return JSON.stringify({ ...PLAUSIBLE_BODY, [`${field}${surrogate}`]: 'x' });
  }
}

function plausiblePath(rng: Rng, route: FuzzRoute, prefix: string): string {
  return route.url.slice(prefix.length + 1).split('/').map((s) => (s.startsWith(':') ? rng.pick(PLAUSIBLE_IDS) : s)).join('/');
}

/** POST sync/push with one to three items; one item (for `target`) carries the hostile body. */
export function hostilePushText(rng: Rng, shape: HostileShape, target: FuzzRoute, writeRoutes: readonly FuzzRoute[], prefix: string): string {
  const marker = '"__HOSTILE__"';
  const item = (route: FuzzRoute, i: number, body: unknown) => ({ key: `fuzz-${rng.int(1e9)}-${i}`, method: route.method, path: plausiblePath(rng, route, prefix), body });
  const others = Array.from({ length: rng.int(3) }, (_, i) => item(rng.pick(writeRoutes), i + 1, PLAUSIBLE_BODY));
  const mutations = [...others];
  mutations.splice(rng.int(mutations.length + 1), 0, item(target, 0, '__HOSTILE__'));
  return JSON.stringify({ mutations }).replace(marker, hostileBodyText(rng, shape));
}
