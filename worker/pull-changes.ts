// Issue #10 delta pull (GET posts/changes, common/sync-contract.ts): while online and visible, on
// the new-count poll (worker/poll.ts), what changed in the channel since the stored cursor is
// folded into the posts this device holds, so every held post's counters stay fresh without
// pulling the feed again. Posts not held are ignored (new ones come through the new-posts
// control); held ones are merged like any pull (mergeServerPost: prayedCount only grows) and
// rebased, so a pending local action stays on top; held posts the server says are gone go, as
// the feed pull's pruning does (server ids only). Each page and its cursor are written in one
// transaction, under SYNC_LOCK like every pull.
import { SYNC_LOCK } from '../common/constants';
import type { PostChanges } from '../common/sync-contract';
import { db, writeTables } from '../src/model/db';
import { getAuth, getMeta, setMeta, viewerId } from '../src/model/meta';
import type { PostChangesCursorMeta } from '../src/model/meta-types';
import { readChannel } from '../src/db/reads';
import { rebasePutRows } from '../src/commands/ops/registry';
import { forgetRows, putServerRows } from '../src/model/rows';
import type { ApiClient } from './api-client';
import { withLock } from './locks';
import { createSingleFlight } from './single-flight';

const inFlight = createSingleFlight<boolean>();

/** Bound on the pages followed in one poll (200 posts each); the rest waits for the next tick. */
const MAX_CHANGE_PAGES = 10;

type Scope = Omit<PostChangesCursorMeta, 'cursor'>;

async function scopeNow(): Promise<Scope> {
  const [{ channelId }, auth] = await Promise.all([readChannel(), getAuth()]);
  return { channelId, viewer: viewerId(auth) };
}

/** The stored cursor, if it was asked for the same channel and viewer (a change of either starts again). */
async function cursorFor(scope: Scope): Promise<string | null> {
  const stored = await getMeta('postChangesCursor');
  return stored && stored.channelId === scope.channelId && stored.viewer === scope.viewer ? stored.cursor : null;
}

/** Changed posts held here merged and rebased, gone ones removed (also GET sync/pull's posts, worker/sync-pull.ts); one transaction. */
export async function applyPostChanges(changes: Pick<PostChanges, 'posts' | 'deleted'>, after: () => Promise<void> = async () => undefined): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    const held = await db.posts.bulkGet(changes.posts.map((post) => post.id));
    const fresh = changes.posts.filter((_, i) => held[i] !== undefined);
    await putServerRows('posts', fresh);
    await rebasePutRows(fresh.map((post) => ({ table: 'posts' as const, id: post.id })));
    const gone = (await db.posts.bulkGet(changes.deleted.filter((id) => id > 0))).flatMap((row) => (row ? [row.id] : []));
    for (const id of gone) await forgetRows('posts', [id]);
    await after();
  });
}

function applyPage(changes: PostChanges, scope: Scope): Promise<void> {
  return applyPostChanges(changes, () => setMeta('postChangesCursor', { ...scope, cursor: changes.cursor }));
}

async function pullChangesLocked(api: ApiClient): Promise<boolean> {
  const scope = await scopeNow();
  let cursor = await cursorFor(scope);
  for (let page = 0; page < MAX_CHANGE_PAGES; page += 1) {
    // Without a cursor, the first call only says where to start (the held rows are as fresh as their last pull).
    const result = await api.call<PostChanges>({ path: 'posts/changes', query: { since: cursor ?? undefined } });
    if (!result.ok) {
      console.warn(`posts/changes failed (${result.status}): ${result.error.message}`);
      return false;
    }
    // A channel or account change while the call was out: its answer is not for this scope.
    const now = await scopeNow();
    if (now.channelId !== scope.channelId || now.viewer !== scope.viewer) return false;
    if (cursor === null) {
      await setMeta('postChangesCursor', { ...scope, cursor: result.data.cursor });
      return true;
    }
    await applyPage(result.data, scope);
    cursor = result.data.cursor;
    if (!result.data.has_more) break;
  }
  return true;
}

/** One delta pull (a poll tick). docs/product.md §4/§8 like new-count: a failure is only logged and yields false. */
export async function pullPostChanges(api: ApiClient): Promise<boolean> {
  // The poll's tick and a session's adoption may ask at once: one request per channel and viewer (worker/single-flight.ts).
  const { channelId, viewer } = await scopeNow();
  return inFlight(`${String(channelId)}:${String(viewer)}`, () => withLock(SYNC_LOCK, () => pullChangesLocked(api)));
}
