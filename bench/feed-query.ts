// `npm run bench:feed`: the local feed queries with 10,000 posts in the store (issue #5 'long
// feeds'). Fills fake-indexeddb through the app's own Dexie database (src/model/db.ts) with rows
// shaped as the sync worker stores them (worker/reconcile.ts mergeServerPost), then times the
// reads behind useFeed and useCollapsedFeed (src/db/reads.ts) and, apart, their pure parts
// (selectFeed, collapseFeed), and prints p50/p95. Figures, not a pass/fail gate.
import 'fake-indexeddb/auto';
import { DEFAULT_CHANNEL_ID } from '../common/constants';
import { VISIBILITY, type ApiPost } from '../common/contract';
import { clearAllTables, db } from '../src/model/db';
import { collapseFeed } from '../src/db/feed-collapse';
import { setMeta } from '../src/model/meta';
import { readCollapsedFeed, readFeed } from '../src/db/reads';
import { selectFeed } from '../src/model/shown';
import { EMPTY_POST_LOCAL, type PostRow } from '../src/model/types';
import { formatTable, percentile } from './report';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const WARMUP = 3;
const NOW = Date.parse('2026-06-01T12:00:00Z');

/**
 * A mix like the product's: a tenth of the posts are by authors who post often (their posts fold under docs/product.md §4),
 * a tenth of posts anonymous, some the viewer's own, a quarter thanksgivings, some answered, a few
 * with a pending pray of this device.
 */
function benchRow(i: number): PostRow {
  const createdAtMs = NOW - i * 20 * 60_000; // one post every 20 minutes
  // Every 10th post is by one of 3 frequent authors: each of them posts every 10 h.
  const frequent = i % 10 === 0;
  const userId = frequent ? 1 + ((i / 10) % 3) : 100 + (i % 500);
  const isAnswered = i % 13 === 0;
  const created = new Date(createdAtMs).toISOString();
  const post: ApiPost = {
    id: POSTS - i,
    user_id: userId,
    user: { id: userId, username: `user${String(userId)}`, name: `User ${String(userId)}`, avatar: null },
    type: i % 4 === 0 ? 'THANK' : 'REQUEST',
    text: `Prayer ${String(i)}: healing and peace for the family, strength at work. `.repeat(1 + (i % 4)),
    answer_text: isAnswered ? 'The Lord answered.' : null,
    channel_id: DEFAULT_CHANNEL_ID,
    visibility: VISIBILITY.PUBLIC,
    is_anonymous: i % 10 === 3,
    is_mine: i % 50 === 7,
    created_at: created,
    updated_at: created,
    updated_answer_at: isAnswered ? new Date(createdAtMs + 86_400_000).toISOString() : null,
    atendido: isAnswered,
    prayedCount: i % 17,
    isPrayed: i % 9 === 0,
    commentCount: i % 5,
    noteCount: 0,
    is_bookmarked: i % 31 === 0,
  };
  return { ...post, createdAtMs, local: { ...EMPTY_POST_LOCAL, pendingPrays: i % 97 === 0 ? 1 : 0 } };
}

async function fill(): Promise<void> {
  await clearAllTables();
  await setMeta('channel', { channelId: DEFAULT_CHANNEL_ID, lang: 'en' });
  await db.posts.bulkPut(Array.from({ length: POSTS }, (_, i) => benchRow(i)));
}

async function time(run: () => Promise<unknown> | unknown): Promise<{ p50: number; p95: number; max: number }> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) ?? Number.NaN };
}

export async function runFeedQueryBench(): Promise<boolean> {
  const filled = performance.now();
  await fill();
  console.log(`${String(POSTS)} posts written in ${(performance.now() - filled).toFixed(0)} ms (fake-indexeddb, ${String(ITERATIONS)} runs each)`);

  const rows = await db.posts.toArray();
  const shown = selectFeed(rows, {});
  const collapsed = collapseFeed(shown, null, {});
  console.log(`feed: ${String(shown.length)} posts; collapsed feed: ${String(collapsed.length)} rows`);

  const scenarios: [string, () => Promise<unknown> | unknown][] = [
    ['readFeed (useFeed), no filter', () => readFeed({})],
    ['readCollapsedFeed (useCollapsedFeed)', () => readCollapsedFeed({})],
    ['readFeed, type REQUEST', () => readFeed({ type: 'REQUEST' })],
    ['readFeed, search "healing"', () => readFeed({ search: 'healing' })],
    ['selectFeed only (in memory)', () => selectFeed(rows, {})],
    ['collapseFeed only (in memory)', () => collapseFeed(shown, null, {})],
  ];
  const table: string[][] = [];
  for (const [name, run] of scenarios) {
    const { p50, p95, max } = await time(run);
    table.push([name, p50.toFixed(1), p95.toFixed(1), max.toFixed(1)]);
  }
  console.log(formatTable(['query', 'p50 ms', 'p95 ms', 'max ms'], table));
  db.close();
  return collapsed.length < shown.length;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const ok = await runFeedQueryBench();
  process.exitCode = ok ? 0 : 1;
}
