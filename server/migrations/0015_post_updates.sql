-- 0015: updates of a request (issue #28 item 3; docs/product.md §4 Post 'Updates'; docs/api.md
-- 'Updates of a request'; docs/decisions/0195-updates-of-a-request.md). Mirrored by
-- server/db/schema/post-updates.ts and server/db/schema/posts.ts.
--
-- The author adds dated updates ("Surgery went well"), shown on the card oldest first. An update
-- is 1-500 characters and is deleted for good by its author (no soft delete: nothing else points
-- at it). posts.update_count is kept in the same transaction: the post view skips the lookup of
-- a post without updates, the route counts against the limit, and, being a column of posts, its
-- change puts the post in the change feed (0006), so other devices get the updates by the pull.
CREATE TABLE post_updates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  text text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT post_updates_text_length CHECK (char_length(text) BETWEEN 1 AND 500)
);
CREATE INDEX post_updates_post_idx ON post_updates (post_id, created_at, id);

ALTER TABLE posts ADD COLUMN update_count integer NOT NULL DEFAULT 0;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('prayed', 'commented', 'answered', 'reminder', 'post_update'));

-- A new update tells everyone who prayed for the request (not its author), like an answer (0005):
-- one row per recipient, post and UTC day, no actor named (an anonymous author stays anonymous).
-- A group's post tells only those who are still live members of its group (docs/product.md §11);
-- a post hidden by reports tells nobody.
CREATE FUNCTION notifications_on_post_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications AS n (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, push_pending)
  SELECT DISTINCT p.user_id, po.id, 'post_update', (NEW.created_at AT TIME ZONE 'UTC')::date, 1, NULL::integer,
         NEW.created_at, NEW.created_at, EXISTS (SELECT 1 FROM push_tokens t WHERE t.user_id = p.user_id)
  FROM posts po
  JOIN prayers p ON p.post_id = po.id
  WHERE po.id = NEW.post_id AND po.deleted_at IS NULL AND po.visibility = 0 AND p.user_id <> po.user_id
    AND (po.group_id IS NULL OR EXISTS (
      SELECT 1 FROM group_members gm JOIN prayer_groups pg ON pg.id = gm.group_id
      WHERE gm.group_id = po.group_id AND gm.user_id = p.user_id AND gm.left_at IS NULL AND pg.deleted_at IS NULL))
  ON CONFLICT (user_id, post_id, kind, day) DO UPDATE
    SET updated_at = GREATEST(n.updated_at, EXCLUDED.updated_at), read_at = NULL, push_pending = EXCLUDED.push_pending;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_post_update AFTER INSERT ON post_updates
  FOR EACH ROW EXECUTE FUNCTION notifications_on_post_update();
