-- 0002: indexes for the rest of Posts (docs/product.md §7). Mirrored by server/db/schema/.
-- Counting the distinct reporters of one post or comment (docs/product.md §10: 3 hide it) must not scan
-- the table: the unique keys of 0001 lead with reporter_id.
CREATE INDEX reports_post_idx ON reports (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX reports_comment_idx ON reports (comment_id) WHERE comment_id IS NOT NULL;
-- GET post/session/bookmark: the caller's bookmarks, most recently bookmarked first.
CREATE INDEX bookmarks_user_time_idx ON bookmarks (user_id, created_at DESC);
