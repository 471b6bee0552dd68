// POST sync/push's set-based pray (issue #25 point 2;
// docs/decisions/0022-prays-applied-as-a-set.md): a run of one person's prays in two statements
// whatever its length, each answered as its single call (posts.ts prayForPost) would have been in
// that order: the post as the caller sees it right after that pray (its count then, isPrayed) and
// the caller's count of today's prayers then. The first statement inserts the prayers and adds each
// post's prays to its counter (one UPDATE per post); a post the caller may not see (missing,
// deleted, hidden) gets no prayer, and its pray is refused with the 404 its single call gives. The
// second reads the posts back. The answers are stored under their Idempotency-Keys by the caller,
// in the run's savepoint (sync-push-runs.ts).
import { inArray, sql } from 'drizzle-orm';
import { isRecord } from '../db/first-row';
import { posts } from '../db/schema/posts';
import { prayers } from '../db/schema/prayers';
import { notFound } from '../http/errors';
import type { BatchRun, RunOutcome } from '../http/mutation';
import { postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import { selectPosts, toApiPost, visibleTo } from './post-view';
import { utcMidnight } from './users';

type Input = { ord: number; post_id: number; key: string; hash: string };
/** A pray the statement applied: its place in the run, its post's count after the whole run, today's count before it. */
type Applied = { ord: number; postId: number; countAfterRun: number; todayBefore: number };

function appliedRows(result: unknown): Applied[] {
  const rows: unknown = isRecord(result) ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new Error('the pray run returned no rows');
  return rows.map((row: unknown) => {
    if (!isRecord(row)) throw new Error('the pray run returned a row that is not a record');
    return { ord: Number(row.ord), postId: Number(row.post_id), countAfterRun: Number(row.prayed_count), todayBefore: Number(row.today_before) };
  });
}

export const prayRun: BatchRun = async (tx, session, items) => {
  const userId = session.user.id;
  // Filled in as known; the rest are refused as their single call would be (an error made for each, not for all).
  const outcomes: (RunOutcome | undefined)[] = items.map(() => undefined);
  const answered = () => outcomes.map((outcome) => outcome ?? { refusal: notFound('Post') });
  const input: Input[] = [];
  items.forEach((item, ord) => {
    try {
      const { id } = parseInput(postIdParams, item.request.params);
      input.push({ ord, post_id: id, key: item.claim.key, hash: item.claim.requestHash });
    } catch (refusal) {
      outcomes[ord] = { refusal };
    }
  });
  if (input.length === 0) return answered();
  const since = utcMidnight().toISOString();
  // Data-modifying CTEs run whether or not the final select reads them; all of them and the select
  // see the snapshot from before the statement, so today's count read here excludes the run.
  const applied = appliedRows(await tx.execute(sql`
    with input as (select * from json_to_recordset(${JSON.stringify(input)}::json) as v(ord int, post_id int, key text, hash text)),
    ok as (select input.* from input join ${posts} on ${posts.id} = input.post_id where ${visibleTo(userId)}),
    inserted as (insert into ${prayers} (user_id, post_id) select ${userId}, post_id from ok order by ord returning 1),
    bumped as (update ${posts} set prayed_count = ${posts.prayedCount} + per_post.n
      from (select post_id, count(*)::int as n from ok group by post_id) as per_post
      where ${posts.id} = per_post.post_id returning ${posts.id} as id, ${posts.prayedCount} as prayed_count)
    select ok.ord, ok.post_id, bumped.prayed_count,
      (select count(*)::int from ${prayers} where ${prayers.userId} = ${userId} and ${prayers.createdAt} >= ${since}::timestamptz) as today_before
    from ok join bumped on bumped.id = ok.post_id order by ok.ord`));
  if (applied.length === 0) return answered();

  const ids = [...new Set(applied.map((row) => row.postId))];
  const seen = new Map((await selectPosts(tx, userId).where(inArray(posts.id, ids))).map((row) => [row.id, row]));
  // Each pray's count is its post's count after the run less the prays of that post after it.
  const laterOfPost = new Map<number, number>();
  const countAt = new Map<number, number>();
  for (const row of [...applied].reverse()) {
    const later = laterOfPost.get(row.postId) ?? 0;
    countAt.set(row.ord, row.countAfterRun - later);
    laterOfPost.set(row.postId, later + 1);
  }
  applied.forEach((row, index) => {
    const post = seen.get(row.postId);
    if (post === undefined) throw new Error(`the pray run's post ${String(row.postId)} could not be read back`);
    const prayedCount = countAt.get(row.ord) ?? row.countAfterRun;
    outcomes[row.ord] = {
      status: 200,
      data: { post: toApiPost({ ...post, prayedCount, isPrayed: true }, userId), today_prayer_count: row.todayBefore + index + 1 },
    };
  });
  return answered();
};
