-- 0016: notifications of new posts in a prayer group (issue #28 item 6; docs/product.md §11 Prayer
-- groups; docs/decisions/0191-group-posts-notify-the-members-as-each-one-chose.md). Mirrored by
-- server/db/schema/groups.ts and notifications.ts.
--
-- Each membership carries its member's choice for that group: 'all' new posts (the default),
-- 'requests' only (no thanks), or 'none'. A membership that ends keeps it, so rejoining keeps it.
-- The rows themselves are written by one INSERT ... SELECT over the group's live members when the
-- post is created (server/domain/group-notifications.ts), in the post's transaction.
ALTER TABLE group_members ADD COLUMN notify text NOT NULL DEFAULT 'all';
ALTER TABLE group_members ADD CONSTRAINT group_members_notify CHECK (notify IN ('all', 'requests', 'none'));

-- 'group_post' joins the kinds; 'post_update' (0015, request updates) is kept.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('prayed', 'commented', 'answered', 'reminder', 'post_update', 'group_post'));
