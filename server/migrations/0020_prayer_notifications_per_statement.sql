-- 0020: the prayer notifications of a statement in one pass (issue #25 P4;
-- docs/decisions/0022-prays-applied-as-a-set.md). POST sync/push inserts up to 1,000 prayers in one
-- statement (server/domain/pray-run.ts), and the row trigger of 0005/0012 ran a function, a lookup
-- of the earlier prayer and a read of the post for each of them: about a quarter of such a push's
-- time on PGlite. This statement trigger does the same over the statement's new rows at once, and
-- so tells the author exactly what the row trigger did, for one row as for many:
-- - a prayer counts when it is its person's first for that post that UTC day (no prayer with a
--   smaller id: earlier rows of the same statement included, as 0012 made it);
-- - nobody is told of their own prayer, nor of one on a deleted post;
-- - per author, post and day: one row, actor_count raised by the prayers that count, the last
--   actor the one with the greatest id, created_at the first one's time (a new row), updated_at
--   the latest, read_at cleared, push_pending as the author has a push token.
CREATE OR REPLACE FUNCTION notifications_on_prayers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH counted AS (
    SELECT n.id, n.post_id, n.user_id, n.created_at, (n.created_at AT TIME ZONE 'UTC')::date AS day
    FROM new_prayers n
    WHERE n.post_id IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM prayers p
        WHERE p.post_id = n.post_id AND p.user_id = n.user_id AND p.id < n.id
          AND (p.created_at AT TIME ZONE 'UTC')::date = (n.created_at AT TIME ZONE 'UTC')::date)
  ),
  told AS (
    SELECT po.user_id AS owner, c.post_id, c.day, count(*)::int AS actors,
      (array_agg(c.user_id ORDER BY c.id DESC))[1] AS last_actor,
      (array_agg(c.created_at ORDER BY c.id))[1] AS first_at,
      max(c.created_at) AS last_at
    FROM counted c
    JOIN posts po ON po.id = c.post_id AND po.deleted_at IS NULL
    WHERE po.user_id <> c.user_id
    GROUP BY po.user_id, c.post_id, c.day
  )
  INSERT INTO notifications AS n (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, push_pending)
  SELECT owner, post_id, 'prayed', day, actors, last_actor, first_at, last_at,
    EXISTS (SELECT 1 FROM push_tokens t WHERE t.user_id = owner)
  FROM told
  ON CONFLICT (user_id, post_id, kind, day) DO UPDATE
    SET actor_count = n.actor_count + EXCLUDED.actor_count, last_actor_id = EXCLUDED.last_actor_id,
        updated_at = GREATEST(n.updated_at, EXCLUDED.updated_at), read_at = NULL, push_pending = EXCLUDED.push_pending;
  RETURN NULL;
END $$;

DROP TRIGGER notifications_prayer ON prayers;
CREATE TRIGGER notifications_prayer AFTER INSERT ON prayers
  REFERENCING NEW TABLE AS new_prayers
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_on_prayers();
DROP FUNCTION notifications_on_prayer();
