-- 0019: the community's own posts in feed order (issue #28 item 7;
-- docs/decisions/0190-a-member-s-community-feed-walks-only-what-it-may-show.md). Mirrored by
-- server/db/schema/posts.ts. A member's community feed reads this index and each of their groups'
-- posts_group_feed_idx apart (server/domain/feed-source.ts), so a busy group's posts are never
-- walked by those outside it.
CREATE INDEX posts_community_feed_idx ON posts (channel_id, created_at DESC, id DESC) WHERE group_id IS NULL AND deleted_at IS NULL;
