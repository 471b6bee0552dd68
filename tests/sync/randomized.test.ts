// The sync engine's main acceptance (issue 'every action works offline and reaches the server
// exactly once'): seeded random cases of two devices issuing commands while a fault-injecting
// fetch drops requests, drops responses after the server applied them, answers 500, forces token
// refreshes (401) on a server whose tokens live 2 s, and kills the worker mid-drain. Entries go in
// batches (POST sync/push, now and then capped small so a drain crosses batch bounds): a fault
// hits a whole batch, or ('item-500') turns one applied item's answer into a 500, so the items
// after it wait and their resend replays stored answers. Requests written offline are prayed
// for and commented on by their author (temporary-id chains across batches). After the
// network heals and both drain, the server must equal a model of the commands: zero lost, zero
// applied twice, nothing refused. Runs of prays in a row ('prayRun', on one post and on several)
// reach the server as runs that it applies as a set (issue #25 item 2); devices catch up through
// the one pull (GET sync/pull) mid-case with entries queued, and after the heal what each shows
// must be the model too (randomized-pull.ts). SYNC_SEED=<n> replays one case; SYNC_CASES sets how many run
// (200 in CI; `npm run soak:sync` runs 10,000). The run prints its seed first, progress every
// 100 cases and the faults of each kind at the end (issue #11 item 6); the time limit grows with
// the number of cases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, ListDetailResponse, Page } from '../../common/contract';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { Client, emptyCounts, faultFigures, faultPlan, rng, withinLimit, type FaultCounts, type Graph } from './randomized-support';
import type { PostRow } from '../../src/model/types';
import { applyToModel, nextCommand, type Command, type ItemModel, type Model, type Who } from './randomized-model';
import { catchUp, holdCarriedCursor, startCarrying, verifyShown } from './randomized-pull';
import { runGroupCommand, verifyGroup } from './randomized-groups';
import { drainWithPokes, emptyLiveFigures, pokeShowsServer } from './randomized-live';

const CASES = Number(process.env.SYNC_CASES ?? 200);
if (!Number.isInteger(CASES) || CASES < 1) throw new Error(`SYNC_CASES must be a positive integer, got '${String(process.env.SYNC_CASES)}'`);
const REPLAY = process.env.SYNC_SEED === undefined ? null : Number(process.env.SYNC_SEED);
const BASE_SEED = REPLAY ?? Math.floor(Math.random() * 1_000_000_000);
// SYNC_SEED alone replays one case; with SYNC_CASES, that many from it (cases share the server and the carried cursor).
const TOTAL = REPLAY === null || process.env.SYNC_CASES !== undefined ? CASES : 1;
/**
 * Issue #11 item 6: a case takes ~0.6 s on a quiet 2-core machine (2,000 in 1,260 s) and ~4 s at
 * nice 19 under a load of 10-15. A hung case fails on its own after CASE_LIMIT_MS; the whole run's
 * limit grows with the cases (10 s each), so a slow machine is not mistaken for a hang.
 */
const CASE_LIMIT_MS = 60_000;
const PER_CASE_MS = 10_000;
const TIMEOUT_MS = 60_000 + TOTAL * PER_CASE_MS;
const PROGRESS_EVERY = 100;

let server: TestServer;
let groupCases = 0; // issue #28: a run of many cases that never made a group fails
let clients: Record<Who, Client>;
const counts: FaultCounts = emptyCounts();
const live = emptyLiveFigures();

beforeAll(async () => {
  // First, so that even a run that dies early can be replayed.
  console.info(`randomized sync: ${TOTAL} case(s) from seed ${BASE_SEED} (replay one with SYNC_SEED=<seed>; time limit ${Math.round(TIMEOUT_MS / 1000)} s)`);
  server = await startTestServer({ tokenTtlSeconds: 2 });
  const apiBase = `${server.url}/api/v1`;
  clients = { A: new Client(apiBase, counts), B: new Client(apiBase, counts) };
  await clients.A.restart();
  await clients.B.restart();
  await loadPostTemplate();
});

afterAll(async () => {
  await server.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each pray is a deliberate one, a second after the device's previous (the double-tap rule, issue #12). */
let prayShift = 0;
function aSecondLater(graph: Graph): void {
  prayShift += graph.prayGate.DOUBLE_TAP_MS;
  const shift = prayShift;
  graph.prayGate.setPrayClock(() => Date.now() + shift);
}

async function run(who: Who, command: Command, model: Model): Promise<number> {
  const { commands } = clients[who].device.graph;
  if (command.kind === 'prayPost' || command.kind === 'prayRequest' || command.kind === 'prayItem') aSecondLater(clients[who].device.graph);
  switch (command.kind) {
    case 'prayRun':
      for (const target of command.targets) {
        aSecondLater(clients[who].device.graph);
        await commands.prayForPost('post' in target ? target.post : target.request.id);
      }
      return 0;
    case 'prayPost':
      await commands.prayForPost(command.post);
      return 0;
    case 'bookmarkPost':
      await commands.toggleBookmark(command.post);
      return 0;
    case 'createRequest':
      return (await commands.createRequest({ text: command.text, type: 'REQUEST', is_anonymous: false })).id;
    case 'prayRequest':
      await commands.prayForPost(command.request.id);
      return 0;
    case 'commentRequest':
      await commands.createComment(command.request.id, `comment of ${who}`);
      return 0;
    case 'prayItem':
      await commands.prayForListItem(command.item.id);
      return 0;
    case 'createNote':
      return (await commands.createItemNote(command.item.id, `note of ${who}`)).id;
    case 'createItem':
      return (await commands.addListItem(listId, { text: command.text })).id;
    case 'archiveOrRestore':
      if (command.item.archived) await commands.restoreListItem(command.item.id);
      else await commands.archiveListItem(command.item.id);
      return 0;
    default: // the group commands (issue #28)
      if (command.kind === 'prayGroupRequest') aSecondLater(clients[who].device.graph);
      return runGroupCommand(clients[who], model, command);
  }
}

/** The case's list (A's, public, so B can pray its shared item). */
let listId = 0;

/** One drain of one device under faults; sometimes the worker dies mid-request and restarts. */
async function chaosDrain(client: Client, random: () => number): Promise<void> {
  client.plan = faultPlan(random, random() < 0.1 ? 1 + Math.floor(random() * 3) : null);
  const { graph, api, killed } = client.device;
  // Small batches now and then, so one drain crosses batch bounds (and temporary-id chains span batches).
  const maxBatch = random() < 0.5 ? 2 + Math.floor(random() * 3) : undefined;
  const drained = graph.drain.drainOutbox(api, { ignoreBackoff: true, ...(maxBatch ? { maxBatch } : {}) });
  drained.catch(() => undefined);
  const outcome = await Promise.race([drained.then(() => 'done' as const), killed.then(() => 'killed' as const)]);
  client.plan = { decide: () => 'pass' };
  if (outcome === 'killed') await client.restart();
}

async function heal(who: readonly Who[] = ['A', 'B']): Promise<void> {
  for (let round = 0; round < 40; round += 1) {
    let left = 0;
    for (const client of who.map((w) => clients[w])) {
      const report = await client.device.graph.drain.drainOutbox(client.device.api, { ignoreBackoff: true });
      left += report.remaining;
      if (report.authFailed) await sleep(600);
    }
    if (left === 0) return;
  }
  throw new Error('the outboxes did not empty after the network healed');
}

/** The two seed posts as a device holds them after a feed pull, copied into each fresh device. */
let postTemplate: PostRow[] = [];
/** The server's prayedCount of those posts: only this test prays for them, so each case adds to it. */
const serverPrays = new Map<number, number>();

async function loadPostTemplate(): Promise<void> {
  const { graph, api } = clients.A.device;
  const login = await graph.auth.guestLogin(api);
  if (!login.ok) throw new Error(`guest login: ${login.error.message}`);
  await graph.pull.pullFeed(api, {});
  postTemplate = (await graph.dbm.db.posts.orderBy('id').toArray()).filter((p) => p.id > 0).slice(0, 2);
  for (const post of postTemplate) serverPrays.set(post.id, post.prayedCount);
  startCarrying((await get<{ cursor: string }>('A', 'posts/changes')).cursor);
}

/** B's pull of the case's list in set-up, tried this many times (see setUp). */
const SET_UP_PULL_TRIES = 5;

async function setUp(tag: string): Promise<Model> {
  for (const who of ['A', 'B'] as const) {
    const { graph, api } = clients[who].device;
    await graph.dbm.clearAllTables();
    const login = await graph.auth.guestLogin(api);
    if (!login.ok) throw new Error(`guest login: ${login.error.message}`);
    // A cached feed as the last pull left it (the carried cursor's position): the counts then.
    await graph.dbm.db.posts.bulkPut(postTemplate.map((post) => ({ ...post, prayedCount: serverPrays.get(post.id) ?? post.prayedCount, isPrayed: false, is_bookmarked: false })));
    await holdCarriedCursor(graph);
  }
  const a = clients.A.device.graph;
  const { id } = await a.commands.createList({ name: tag, visibility: 'PUBLIC' });
  const { id: shared } = await a.commands.addListItem(id, { text: `${tag} shared` });
  // Until empty: on a loaded machine the 2 s tokens expire within one drain (a 401 and a refresh).
  await heal(['A']);
  listId = (await a.listReads.readList(id))?.id ?? 0;
  const sharedId = (await a.listReads.readListItem(shared))?.id ?? 0;
  if (listId <= 0 || sharedId <= 0) throw new Error(`set-up: the case's list did not reach the server (list ${listId}, item ${sharedId})`);
  // B reads the shared item as a member opening the list would. Its 2 s token may expire on the
  // way (a 401 answered by a refresh, then the pull is asked again), as A's drain may: a few tries.
  for (let attempt = 1; ; attempt += 1) {
    const pulled = await clients.B.device.graph.pullLists.pullList(clients.B.device.api, listId);
    if (pulled.ok && (await clients.B.device.graph.listReads.readListItem(sharedId)) !== null) break;
    const why = pulled.ok ? 'the item was not in the list' : pulled.error.message;
    if (attempt >= SET_UP_PULL_TRIES) throw new Error(`set-up: B's pull of list ${listId} did not bring item ${sharedId}: ${why}`);
  }
  return {
    tag,
    group: null,
    posts: postTemplate.map((p) => p.id),
    postPrays: new Map(),
    bookmarked: { A: new Map(), B: new Map() },
    requests: { A: [], B: [] },
    items: [{ text: `${tag} shared`, id: sharedId, prays: 0, archived: false, notes: { A: 0, B: 0 }, shared: true }],
  };
}

async function get<T>(who: Who, path: string, query?: Record<string, number>): Promise<T> {
  const result = await clients[who].device.api.call<T>({ path, query });
  if (!result.ok) throw new Error(`GET ${path}: ${result.status} ${result.error.message}`);
  return result.data;
}

type ItemSummary = { text: string; prayedCount: number; noteCount: number };
const summary = (items: ItemSummary[]) => items.map((i) => `${i.text}:${i.prayedCount}:${i.noteCount}`).sort();
const modelSummary = (items: ItemModel[], who: Who) => summary(items.map((i) => ({ text: i.text, prayedCount: i.prays, noteCount: i.notes[who] })));

/**
 * The server against the model, then what one device (A or B in turn: `shown`) shows after its
 * catch-up; reads only what the case touched, to keep 200 cases fast.
 */
async function verify(model: Model, shown: Who | null): Promise<void> {
  // What B did to A's list reaches A with the item sections of a full pull (A's own acks hold the
  // rest); B holds no list of its own: the poll's pull. Beside the server's reads below.
  const caughtUp = shown === null ? null : catchUp(clients[shown], shown === 'A' && model.items.some((item) => item.byB) ? 'full' : 'due');
  caughtUp?.catch(() => undefined);
  for (const post of model.posts) {
    const expected = (serverPrays.get(post) ?? 0) + (model.postPrays.get(post) ?? 0);
    if ((model.postPrays.get(post) ?? 0) > 0 || model.bookmarked.A.has(post)) {
      const { post: onServer } = await get<{ post: ApiPost }>('A', `post/${post}`);
      expect(onServer.prayedCount, `prayers of post ${post}`).toBe(expected);
      expect(onServer.is_bookmarked, `A's bookmark of ${post}`).toBe(model.bookmarked.A.get(post) ?? false);
    }
    serverPrays.set(post, expected);
  }
  for (const [post, isBookmarked] of model.bookmarked.B) {
    expect((await get<{ post: ApiPost }>('B', `post/${post}`)).post.is_bookmarked, `B's bookmark of ${post}`).toBe(isBookmarked);
  }
  for (const who of ['A', 'B'] as const) {
    if (model.requests[who].length > 0) {
      const mine = (await get<Page<ApiPost>>(who, 'post/session/my-prayers')).data.filter((p) => p.text.startsWith(model.tag));
      const onServer = mine.map((p) => `${p.text}:${p.prayedCount}:${p.commentCount}`).sort();
      expect(onServer, `${who}'s requests`).toEqual(model.requests[who].map((r) => `${r.text}:${r.prays}:${r.comments}`).sort());
    }
    expect(await clients[who].device.graph.dbm.db.failed.toArray(), `${who}'s refused changes`).toEqual([]);
  }
  const active = (await get<ListDetailResponse>('A', `list/${listId}`)).items.data;
  expect(summary(active), 'active items').toEqual(modelSummary(model.items.filter((i) => !i.archived), 'A'));
  if (model.items.some((i) => i.archived)) {
    const archived = (await get<ListDetailResponse>('A', `list/${listId}`, { archived: 1 })).items.data;
    expect(summary(archived), 'archived items').toEqual(modelSummary(model.items.filter((i) => i.archived), 'A'));
  }
  const shared = model.items[0];
  if (shared && shared.notes.B > 0) {
    const ofB = (await get<ListDetailResponse>('B', `list/${listId}`)).items.data;
    expect(ofB.find((i) => i.text === shared.text)?.noteCount, "B's notes").toBe(shared.notes.B);
  }
  if (await verifyGroup(clients.A, clients.B, model)) groupCases += 1;
  if (shown === null) return;
  await caughtUp;
  await verifyShown(clients[shown], shown, model, serverPrays, listId);
}

async function runCase(seed: number): Promise<void> {
  const random = rng(seed);
  const t0 = Date.now();
  const model = await setUp(`case ${seed}`);
  const t1 = Date.now();
  const steps = 3 + Math.floor(random() * 6);
  let poked: Who | null = null;
  for (let n = 0; n < steps; n += 1) {
    const command = nextCommand(model, random, n);
    applyToModel(model, command, await run(command.who, command, model));
    if (random() < 0.6) {
      const who: Who = random() < 0.5 ? 'A' : 'B';
      // Issue #48: half the drains have live pokes landing while they run (randomized-live.ts).
      if (random() < 0.5) {
        poked = who;
        await drainWithPokes(clients, who, model, random, () => chaosDrain(clients[who], random), live);
      } else {
        await chaosDrain(clients[who], random);
      }
    }
    // The poll's catch-up, while entries may wait: the pull must not undo what is queued.
    if (random() < 0.1) await catchUp(clients[random() < 0.5 ? 'A' : 'B'], 'due');
  }
  const t2 = Date.now();
  await heal();
  const t3 = Date.now();
  // One case in two, A and B in turn: a pull is about a tenth of a case.
  await verify(model, ([null, 'A', null, 'B'] as const)[seed % 4] ?? null);
  // A device that was poked: one more poke of the server's counts, and no pull, shows them all.
  if (poked !== null) await pokeShowsServer(clients[poked], model);
  if (process.env.SYNC_TIMING) console.info('setup', t1 - t0, 'steps', t2 - t1, 'heal', t3 - t2, 'verify', Date.now() - t3);
}


describe('randomized: two devices, faults, restarts', () => {
  it(`${TOTAL} seeded cases reach the server exactly once`, async () => {
    const started = Date.now();
    const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
    let done = 0;
    try {
      for (let i = 0; i < TOTAL; i += 1) {
        const seed = BASE_SEED + i;
        try {
          await withinLimit(runCase(seed), CASE_LIMIT_MS, `the case did not finish within ${CASE_LIMIT_MS / 1000} s`);
        } catch (err) {
          throw new Error(`case failed; replay with SYNC_SEED=${seed}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
        done += 1;
        if (done % PROGRESS_EVERY === 0 && done < TOTAL) console.info(`randomized sync: ${done}/${TOTAL} cases passed in ${seconds()} s; ${faultFigures(counts)}`);
      }
    } finally {
      const failed = done < TOTAL ? `, 1 failed (case ${done + 1})` : ', 0 failed';
      console.info(`randomized sync: ${done}/${TOTAL} cases passed${failed} from seed ${BASE_SEED} in ${seconds()} s; ${groupCases} with a group; ${faultFigures(counts)}; live: ${live.pokes} drains with pokes, ${live.countsWritten} counts written, ${live.newPostsCounted} new posts counted, ${live.pulls} spread pulls`);
    }
    expect(counts.pass).toBeGreaterThan(0);
    // What this test is for happened (a replayed single case may have none of it).
    if (TOTAL >= 100) expect([counts.prayRuns, counts.mixedPrayRuns, counts.prayRuns - counts.mixedPrayRuns, counts.onePulls, groupCases, live.pokes, live.countsWritten].every((n) => n > 0)).toBe(true);
  }, TIMEOUT_MS);
});
