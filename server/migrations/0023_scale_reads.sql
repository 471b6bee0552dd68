-- 0023: reads that stay small at scale (issue #50 items 4 and 5;
-- docs/decisions/0150-community-lists-ranked-by-a-kept-count.md,
-- docs/decisions/0151-room-on-the-page-for-a-pray.md). Mirrored by server/db/schema/lists.ts.
--
-- 1. The community count of a list (docs/product.md §3 List.qtd: how many distinct people prayed
--    an item of it) is kept, not counted per read. 'Most prayed first' (GET list, list/community,
--    list/suggestions, sync/pull full=1) counted the prayers of every public list of the channel
--    to keep 20 (172-262 ms at 50,000 lists); it now reads 20 entries of lists_most_prayed_idx.
--    list_prayer_people holds, per list and person, how many of their prayers are on its items;
--    lists.prayed_people is the number of its rows. Both change with the prayers, in the same
--    statement (triggers below), so they equal count(DISTINCT user_id) of the list's prayers:
--    - a prayer on an item adds to its person's row; a new row adds one person to the list;
--    - a prayer deleted (its person's account deleted) takes from the row; an emptied row is
--      deleted and takes one person off the list. A deleted item takes its prayers off first
--      (BEFORE DELETE, while they still exist), and the prayers' own trigger then finds no item
--      and leaves them (the cascade that deletes them comes after the item row is gone);
--    - a deleted list takes its rows with it (ON DELETE CASCADE).
--    An item never changes list (list_items.post_list_id is written only by its INSERT).
--    The rows to take from are locked first, so a prayer added at the same moment is never lost.
-- 2. posts keep room on each page for a newer version of a row (fillfactor 85): a pray's counter
--    update is then a HOT update (no index touched) instead of a new index entry in each of the
--    seven indexes of posts, as 97% of them were on full pages (issue #50 item 5). It applies to
--    pages written from now on; `VACUUM FULL posts` (a lock of the table, done by an operator)
--    gives the room to the existing ones (docs/decisions/0151-room-on-the-page-for-a-pray.md).

ALTER TABLE lists ADD COLUMN prayed_people integer NOT NULL DEFAULT 0;

CREATE TABLE list_prayer_people (
  list_id integer NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
  -- No foreign key: the row goes with the person's prayers (their trigger), never before them.
  user_id integer NOT NULL,
  prayers integer NOT NULL,
  PRIMARY KEY (list_id, user_id)
);

INSERT INTO list_prayer_people (list_id, user_id, prayers)
  SELECT li.post_list_id, p.user_id, count(*)::int
  FROM prayers p JOIN list_items li ON li.id = p.list_item_id
  GROUP BY li.post_list_id, p.user_id;
UPDATE lists l SET prayed_people = c.n
  FROM (SELECT list_id, count(*)::int AS n FROM list_prayer_people GROUP BY list_id) c
  WHERE l.id = c.list_id;

-- Community lists (server/domain/list-discovery.ts communityFilter) in 'most prayed' order.
CREATE INDEX lists_most_prayed_idx ON lists (channel_id, prayed_people DESC, updated_at DESC, id DESC)
  WHERE visibility = 0 AND archived_at IS NULL AND group_id IS NULL AND user_id IS NOT NULL;

CREATE FUNCTION list_prayer_people_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH per_person AS (
    SELECT li.post_list_id AS list_id, n.user_id, count(*)::int AS n
    FROM new_prayers n JOIN list_items li ON li.id = n.list_item_id
    GROUP BY li.post_list_id, n.user_id
  ),
  added AS (
    INSERT INTO list_prayer_people AS p (list_id, user_id, prayers)
    SELECT list_id, user_id, n FROM per_person ORDER BY list_id, user_id
    ON CONFLICT (list_id, user_id) DO UPDATE SET prayers = p.prayers + EXCLUDED.prayers
    -- xmax is 0 on a row this statement inserted, the locker's id on one it updated.
    RETURNING p.list_id, p.xmax = 0 AS is_new
  )
  UPDATE lists l SET prayed_people = l.prayed_people + a.n
  FROM (SELECT list_id, count(*)::int AS n FROM added WHERE is_new GROUP BY list_id) a
  WHERE l.id = a.list_id;
  RETURN NULL;
END $$;

/* Takes prayers (per list and person) off the counts: rows locked first, then read anew. */
CREATE FUNCTION list_prayer_people_take(p_lists integer[], p_users integer[], p_counts integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM list_prayer_people p JOIN unnest(p_lists, p_users) AS t(list_id, user_id)
    ON p.list_id = t.list_id AND p.user_id = t.user_id
    ORDER BY p.list_id, p.user_id FOR UPDATE OF p;
  -- A list being deleted (its items and their prayers go by its cascade) has nothing left to count.
  WITH taken AS (
    SELECT t.* FROM unnest(p_lists, p_users, p_counts) AS t(list_id, user_id, n)
    WHERE EXISTS (SELECT 1 FROM lists l WHERE l.id = t.list_id)
  ),
  gone AS (
    DELETE FROM list_prayer_people p USING taken t
    WHERE p.list_id = t.list_id AND p.user_id = t.user_id AND p.prayers <= t.n
    RETURNING p.list_id
  ),
  kept AS (
    UPDATE list_prayer_people p SET prayers = p.prayers - t.n FROM taken t
    WHERE p.list_id = t.list_id AND p.user_id = t.user_id AND p.prayers > t.n
    RETURNING 1
  )
  UPDATE lists l SET prayed_people = greatest(l.prayed_people - g.n, 0)
  FROM (SELECT list_id, count(*)::int AS n FROM gone GROUP BY list_id) g
  WHERE l.id = g.list_id;
END $$;

CREATE FUNCTION list_prayer_people_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_lists integer[]; v_users integer[]; v_counts integer[];
BEGIN
  SELECT array_agg(list_id), array_agg(user_id), array_agg(n) INTO v_lists, v_users, v_counts
  FROM (
    SELECT li.post_list_id AS list_id, o.user_id, count(*)::int AS n
    FROM old_prayers o JOIN list_items li ON li.id = o.list_item_id
    GROUP BY li.post_list_id, o.user_id
  ) per_person;
  IF v_lists IS NOT NULL THEN PERFORM list_prayer_people_take(v_lists, v_users, v_counts); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION list_prayer_people_on_item_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_lists integer[]; v_users integer[]; v_counts integer[];
BEGIN
  SELECT array_agg(OLD.post_list_id), array_agg(user_id), array_agg(n) INTO v_lists, v_users, v_counts
  FROM (SELECT p.user_id, count(*)::int AS n FROM prayers p WHERE p.list_item_id = OLD.id GROUP BY p.user_id) per_person;
  IF v_lists IS NOT NULL THEN PERFORM list_prayer_people_take(v_lists, v_users, v_counts); END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER list_prayer_people_add AFTER INSERT ON prayers
  REFERENCING NEW TABLE AS new_prayers
  FOR EACH STATEMENT EXECUTE FUNCTION list_prayer_people_add();
CREATE TRIGGER list_prayer_people_remove AFTER DELETE ON prayers
  REFERENCING OLD TABLE AS old_prayers
  FOR EACH STATEMENT EXECUTE FUNCTION list_prayer_people_on_delete();
CREATE TRIGGER list_prayer_people_item_gone BEFORE DELETE ON list_items
  FOR EACH ROW EXECUTE FUNCTION list_prayer_people_on_item_delete();

ALTER TABLE posts SET (fillfactor = 85);
