-- 0007: reports cannot silence people (issue #11 item 2;
-- docs/decisions/0109-moderation-reports-cannot-silence-people.md). Mirrored by server/db/schema/.
--
-- Only unreviewed reports of distinct members count toward hiding (docs/product.md §10's 3); guest
-- reports are kept for reviewers but never hide on their own. A moderator's decision (keep
-- hidden, restore, remove) settles every report of its target at once: reviewed_at is set, so a
-- restored post is hidden again only by 3 new members (one report per person and target stays
-- the rule of the unique keys of 0001).
ALTER TABLE reports ADD COLUMN reviewed_at timestamptz(3);
-- The review queue: the targets that still have unreviewed reports.
CREATE INDEX reports_pending_idx ON reports (created_at) WHERE reviewed_at IS NULL;

-- Posts and comments hidden before this migration by fewer than 3 members (guest sessions
-- counted then) are shown again; their reports stay in the queue for a moderator.
WITH silenced AS (
  SELECT p.id FROM posts p
  WHERE p.visibility = 4 AND (
    SELECT count(*) FROM reports r JOIN users u ON u.id = r.reporter_id
    WHERE r.post_id = p.id AND NOT u.is_guest AND u.deleted_at IS NULL
  ) < 3
)
UPDATE posts SET visibility = 0 WHERE id IN (SELECT id FROM silenced);

WITH silenced AS (
  UPDATE comments c SET visibility = 0
  WHERE c.visibility = 4 AND c.deleted_at IS NULL AND (
    SELECT count(*) FROM reports r JOIN users u ON u.id = r.reporter_id
    WHERE r.comment_id = c.id AND NOT u.is_guest AND u.deleted_at IS NULL
  ) < 3
  RETURNING c.post_id
)
-- commentCount counts the public comments of a post: each comment shown again counts once more.
UPDATE posts p SET comment_count = p.comment_count + s.n
FROM (SELECT post_id, count(*)::int AS n FROM silenced WHERE post_id IS NOT NULL GROUP BY post_id) s
WHERE p.id = s.post_id;
