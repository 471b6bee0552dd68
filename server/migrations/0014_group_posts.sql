-- 0014: posts in a prayer group (issue #28, server step 2; docs/product.md §11 Prayer groups;
-- docs/decisions/0180-prayer-groups-on-the-server.md). Mirrored by server/db/schema/posts.ts.
-- A post keeps where it was posted: group_id is set once, by POST post, and never changed.
-- Its group's feed walks posts_group_feed_idx; the community feed keeps posts_feed_idx and checks
-- a group post's membership by group_members' primary key.
ALTER TABLE posts ADD COLUMN group_id integer REFERENCES prayer_groups (id) ON DELETE CASCADE;
CREATE INDEX posts_group_feed_idx ON posts (group_id, created_at DESC, id DESC) WHERE group_id IS NOT NULL AND deleted_at IS NULL;
