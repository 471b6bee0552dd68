// Pokes of the live stream in the randomized sync test (issue #48; docs/architecture/live.md 'Live
// stream'): a device receives pokes while its outbox drains, applied by the live-apply functions
// the engine uses (worker/live-apply.ts) with values read from the server: counts read before the
// drain's send and while it runs, the other device's new requests, and now and then a spread pull.
// The model's invariants must still hold (the case's verify), and a poke must never count twice:
// the same new posts poked again add nothing, and after the heal a poke alone brings every count.
import { expect } from 'vitest';
import type { ApiPost } from '../../common/contract';
import type { LiveCount } from '../../common/live-contract';
import type { Client } from './randomized-support';
import type { Model, Who } from './randomized-model';
import { catchUp } from './randomized-pull';

export type LiveFigures = { pokes: number; countsWritten: number; newPostsCounted: number; pulls: number };
export const emptyLiveFigures = (): LiveFigures => ({ pokes: 0, countsWritten: 0, newPostsCounted: 0, pulls: 0 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real ids of the posts the case touched, as `client` holds them (a request written offline has its server id once acked). */
async function caseIds(client: Client, model: Model): Promise<number[]> {
  const requests = [...model.requests.A, ...model.requests.B].map((request) => request.id);
  const ids = await Promise.all([...model.posts, ...requests].map(async (id) => (await client.device.graph.reads.readPost(id))?.id ?? id));
  return [...new Set(ids.filter((id) => id > 0))];
}

/** The server's counters of `ids` now, as a poke carries them; a read that fails (a 2 s token expired) leaves that post out. */
async function serverCounts(client: Client, ids: readonly number[]): Promise<LiveCount[]> {
  const counts: LiveCount[] = [];
  for (const id of ids) {
    const result = await client.device.api.call<{ post: ApiPost }>({ path: `post/${id}` });
    if (result.ok) counts.push([id, result.data.post.prayedCount, result.data.post.commentCount]);
  }
  return counts;
}

/** The other device's requests that reached the server: new posts to this one. */
async function theirNewPosts(other: Client, model: Model, otherWho: Who): Promise<number[]> {
  const ids = await Promise.all(model.requests[otherWho].map(async (request) => (await other.device.graph.reads.readPost(request.id))?.id ?? request.id));
  return ids.filter((id) => id > 0);
}

/**
 * `drain` runs while pokes land: counts read before it started (a poke the server sent before the
 * send) and while it runs, the other device's new posts, and sometimes a pull at a random moment.
 * A device killed mid-drain (restarted) writes no more: its pokes stop there.
 */
export async function drainWithPokes(
  clients: Record<Who, Client>, who: Who, model: Model, random: () => number, drain: () => Promise<void>, figures: LiveFigures,
): Promise<void> {
  const client = clients[who];
  const other = clients[who === 'A' ? 'B' : 'A'];
  const device = client.device;
  const ids = await caseIds(client, model);
  const early = await serverCounts(client, ids);
  const { liveApply, meta } = device.graph;
  // New posts count only under a horizon (the feed's newest pulled post); these devices start from a template.
  if (!(await meta.getMeta('feedSince'))) await meta.setMeta('feedSince', new Date(Date.now() - 3_600_000).toISOString());
  // A device killed mid-drain holds SYNC_LOCK for good and writes no more: its pokes end there.
  let killed = false;
  void device.killed.then(() => {
    killed = true;
  });
  const unlessKilled = <T>(work: () => Promise<T>): Promise<T | null> => (killed ? Promise.resolve(null) : Promise.race([work(), device.killed.then(() => null)]));
  const drained = drain();
  const poked = (async () => {
    figures.countsWritten += (await unlessKilled(() => liveApply.applyCounts(early))) ?? 0;
    await sleep(Math.floor(random() * 20));
    const late = await serverCounts(client, ids);
    figures.countsWritten += (await unlessKilled(() => liveApply.applyCounts(late))) ?? 0;
    const theirs = await theirNewPosts(other, model, who === 'A' ? 'B' : 'A');
    const counted = theirs.length > 0 ? await unlessKilled(() => liveApply.applyNewPosts(theirs)) : null;
    if (counted !== null) {
      figures.newPostsCounted += counted;
      // The same ids poked again (a coalesced window, another process) add nothing.
      expect(await liveApply.applyNewPosts(theirs), 'new posts counted twice').toBe(0);
    }
    if (random() < 0.3 && !killed) {
      let ran: Promise<void> = Promise.resolve();
      const spreader = liveApply.createPullSpreader(() => (ran = catchUp(client, 'due')), random);
      const spread = Math.floor(random() * 30);
      spreader.ask(spread);
      spreader.ask(spread);
      await sleep(spread + 1);
      await unlessKilled(() => ran);
      figures.pulls += 1;
    }
  })();
  await Promise.all([drained, poked]);
  figures.pokes += 1;
}

/**
 * After the heal, with nothing queued: one poke of the server's counts, and no pull, makes the
 * device show them (the seed posts' prayers and the case's requests' prayers and comments).
 */
export async function pokeShowsServer(client: Client, model: Model): Promise<void> {
  const ids = await caseIds(client, model);
  const counts = await serverCounts(client, ids);
  await client.device.graph.liveApply.applyCounts(counts);
  for (const [id, prayed, comments] of counts) {
    const post = await client.device.graph.reads.readPost(id);
    if (!post) continue;
    expect(`${post.shownPrayedCount}:${post.shownCommentCount}`, `post ${id} after a poke of the server's counts`).toBe(`${prayed}:${comments}`);
  }
}
