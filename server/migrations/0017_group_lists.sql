-- 0017: prayer lists of a prayer group (issue #28 item 4; docs/product.md §11 Prayer groups;
-- docs/decisions/0196-group-lists.md). Mirrored by server/db/schema/lists.ts.
-- A list keeps the group it was made in: group_id is set once, by POST list, and never changed.
-- Such a list is seen and edited by the group's live members only (server/domain/group-visibility.ts),
-- is always PRIVATE (never in the community's lists) and goes with its group.
ALTER TABLE lists ADD COLUMN group_id integer REFERENCES prayer_groups (id) ON DELETE CASCADE;
CREATE INDEX lists_group_idx ON lists (group_id, updated_at DESC, id DESC) WHERE group_id IS NOT NULL;
