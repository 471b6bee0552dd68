// The outbox entry (DESIGN §4) and, per named mutation, the shape of its target, body and
// server response. Adding a mutation = one line in OpPayloads + one module in src/commands/ops/
// + one line in the registry; the op name string is the same in the command, here and in docs.
import type { BookmarkResponse, CreatePostBody, PostResponse, PrayResponse } from '../../common/contract';

/**
 * Ids an entry refers to. Ids live here and never in `body`, so that when an offline-created
 * entity gets its real id, rewriting the targets of pending entries is exact (DESIGN §4).
 */
export type TargetIds = { postId?: number };
export type TargetField = keyof TargetIds;

export type OpPayloads = {
  'post.pray': { target: { postId: number }; body: null; response: PrayResponse };
  'post.bookmark': { target: { postId: number }; body: null; response: BookmarkResponse };
  /** target.postId is the temporary negative id of the offline-created post. */
  'post.create': { target: { postId: number }; body: CreatePostBody; response: PostResponse };
  /** SPEC §7 PUT notifications/token: this device's push token plus extra fields; the answer is not read. */
  'notifications.token': { target: Record<string, never>; body: PushTokenBody; response: unknown };
};

/** SPEC §3 push registration payload. `token_type: 'fid'`: Firebase's register() API hands out installation ids (FCM sends to them). */
export type PushTokenBody = { token: string; platform: string; token_type: 'fid' };

export type OpName = keyof OpPayloads;

/**
 * Ops the app sends on its own, not as a change the user made. A refusal of one is logged, not
 * listed among the user's refused changes (`failed`): there is nothing for them to redo.
 */
export const BACKGROUND_OPS = ['notifications.token'] as const satisfies readonly OpName[];
export type BackgroundOpName = (typeof BACKGROUND_OPS)[number];
/** Ops that stand for a change the user made; only these are recorded in `failed`. */
export type UserOpName = Exclude<OpName, BackgroundOpName>;

export function isUserOp(op: OpName): op is UserOpName {
  return !BACKGROUND_OPS.some((background) => background === op);
}
export type OpTarget<K extends OpName> = OpPayloads[K]['target'];
export type OpBody<K extends OpName> = OpPayloads[K]['body'];
export type OpResponse<K extends OpName> = OpPayloads[K]['response'];

/** 'sending' is set while a request is in flight; a crash leaves it, and it is replayed like 'pending'. */
export type OutboxState = 'pending' | 'sending';

type OutboxBase = {
  /** Auto-increment: the drain order. */
  seq: number;
  /** uuid sent as Idempotency-Key; the same key on every retry makes a replay a no-op. */
  key: string;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which the drain does not retry it (backoff); 0 = now. */
  nextAttemptAt: number;
  lastError: string | null;
  state: OutboxState;
};

export type OutboxEntryOf<K extends OpName> = OutboxBase & { op: K; target: OpTarget<K>; body: OpBody<K> };
export type OutboxEntry = { [K in OpName]: OutboxEntryOf<K> }[OpName];

type DistributiveOmit<T, P extends PropertyKey> = T extends unknown ? Omit<T, P> : never;
/** What a command inserts: the database assigns `seq`. */
export type NewOutboxEntry = DistributiveOmit<OutboxEntry, 'seq'>;
export type NewOutboxEntryOf<K extends OpName> = Omit<OutboxEntryOf<K>, 'seq'>;
