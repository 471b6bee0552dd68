// The one pull in the randomized sync test (issue #25 item 1; docs/decisions/0021-one-pull.md): a
// device catches up through GET sync/pull (worker/sync-pull.ts catchUp, as the poll, the start and
// `online` do) in the middle of a case, with its entries still queued, and once more after the
// network healed; then what it shows must be what the server holds (the model).
import { expect } from 'vitest';
import { decodeSyncCursor, encodeSyncCursor } from '../../server/domain/sync-cursor';
import type { Client, Graph } from './randomized-support';
import type { Model, Who } from './randomized-model';

/**
 * A returning device's cursor: each case signs in two new guests, so the cursor of the last case's
 * device is carried over under the new account (its digests say which sections it holds; its
 * position is where the last case's pull ended). Without it, a first pull answers every section,
 * the 200 biblical prayers among them, and brings no post change (it only says where to start).
 */
let carried: { postsText: string; digests: Record<string, string> } | null = null;

export function startCarrying(postsText: string): void {
  carried = { postsText, digests: {} };
}

export async function holdCarriedCursor(graph: Graph): Promise<void> {
  if (carried === null) return;
  const [{ channelId }, auth] = await Promise.all([graph.reads.readChannel(), graph.meta.getAuth()]);
  const viewer = graph.meta.viewerId(auth);
  const cursor = encodeSyncCursor({ viewer, channelId, postsText: carried.postsText, issuedAt: Date.now(), digests: carried.digests });
  await graph.meta.setMeta('syncCursor', { channelId, viewer, cursor });
}

async function rememberCursor(graph: Graph): Promise<void> {
  const held = decodeSyncCursor((await graph.meta.getMeta('syncCursor'))?.cursor ?? '');
  if (held) carried = { postsText: held.postsText, digests: held.digests };
}

/** One catch-up; a 2 s token may expire on the way (a 401, a refresh, asked again): a few tries. */
export async function catchUp(client: Client, kind: 'due' | 'full'): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const { graph, api } = client.device;
    const result = await graph.syncPull.catchUp(api, kind);
    if (result.ok) {
      await rememberCursor(graph);
      return;
    }
    if (attempt >= 3) throw new Error(`sync/pull: ${result.error.message}`);
  }
}

/**
 * After the heal and a full catch-up: the device shows the server's counts and its own marks, with
 * nothing pending: the seed posts' prayers (`prays`: the server's counts), its bookmarks, its
 * requests' prayers and comments, and for A, the owner, its list's items.
 */
export async function verifyShown(client: Client, who: Who, model: Model, prays: ReadonlyMap<number, number>, listId: number): Promise<void> {
  const { reads, listReads } = client.device.graph;
  for (const id of model.posts) {
    const post = await reads.readPost(id);
    expect(post?.shownPrayedCount, `${who} shows the prayers of post ${id}`).toBe(prays.get(id));
    expect(post?.isPending, `${who}'s post ${id} pending`).toBe(false);
    expect(post?.is_bookmarked, `${who} shows its bookmark of ${id}`).toBe(model.bookmarked[who].get(id) ?? false);
  }
  for (const request of model.requests[who]) {
    const post = await reads.readPost(request.id);
    expect(post && `${post.shownPrayedCount}:${post.shownCommentCount}`, `${who} shows its request ${request.text}`).toBe(`${request.prays}:${request.comments}`);
  }
  if (who !== 'A') return;
  const shown = async (archived: boolean) => (await listReads.readListItems(listId, archived)).map((i) => `${i.text}:${i.shownPrayedCount}:${i.shownNoteCount}`).sort();
  const expected = (archived: boolean) => model.items.filter((i) => i.archived === archived).map((i) => `${i.text}:${i.prays}:${i.notes.A}`).sort();
  expect(await shown(false), 'A shows its active items').toEqual(expected(false));
  expect(await shown(true), 'A shows its archived items').toEqual(expected(true));
}
