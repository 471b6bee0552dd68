// The rows a push will change, locked in one order before any of its mutations runs
// (docs/decisions/0023-a-push-locks-its-posts-and-items-first.md). A push applies many mutations in
// one transaction and holds each row it changes until it commits; two pushes over the same posts in
// different orders (or a set-applied run and a one-at-a-time one) each held a post the other waited
// for, and PostgreSQL cancelled one mutation as a deadlock (a 500 for a pray). Taking every post,
// then every list item, in ascending id order first means no two pushes can wait on each other in a
// circle; a single call changes one of them. On PGlite (one connection) the statement costs one
// round trip.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listItems } from '../db/schema/lists';
import { posts } from '../db/schema/posts';
import type { Planned } from './sync-push-runs';

const POST_PATH = /^post\/(\d+)(?:\/|$)/;
const ITEM_PATH = /^list\/\d+\/item\/(\d+)(?:\/|$)/;

function idsOf(planned: readonly Planned[], pattern: RegExp): number[] {
  const ids = new Set<number>();
  for (const { item } of planned) {
    const id = Number(pattern.exec(item.path)?.[1]);
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) ids.add(id);
  }
  return [...ids];
}

/** Locks the posts, then the list items, the push's paths name, each in ascending id order. */
export async function lockTargets(tx: Db, planned: readonly Planned[]): Promise<void> {
  const postIds = idsOf(planned, POST_PATH);
  if (postIds.length > 0) {
    await tx.execute(sql`select ${posts.id} from ${posts} where ${posts.id} = any(${`{${postIds.join(',')}}`}::int[]) order by ${posts.id} for no key update`);
  }
  const itemIds = idsOf(planned, ITEM_PATH);
  if (itemIds.length > 0) {
    await tx.execute(sql`select ${listItems.id} from ${listItems} where ${listItems.id} = any(${`{${itemIds.join(',')}}`}::int[]) order by ${listItems.id} for no key update`);
  }
}
