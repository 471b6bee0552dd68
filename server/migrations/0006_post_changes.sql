-- 0006: the change feed of posts (issue #10, GET posts/changes; docs/api.md 'Sync'), so a
-- member's locally held posts keep their counters fresh without re-reading the feed.
-- Mirrored by server/db/schema/posts.ts.
--
-- One row per post that changed since this migration: the id of the transaction that last
-- inserted, updated or deleted it (pg_current_xact_id(), 64 bits, never wraps), and its channel.
-- Counters (prayed_count, comment_count), answer, text, visibility (reports hide a post), soft
-- deletion and archiving are all columns of the post row, so one trigger on posts sees every
-- change a reader must learn about; a post deleted for good (an account deletion cascades) keeps
-- its row, and the reader, finding no post, reports it deleted.
--
-- Why transaction ids and not a sequence: a sequence number is taken when a row changes, but
-- becomes visible when its transaction commits, and commits come in any order: a reader that has
-- seen number 11 could later miss number 10, committed after it. The reader here only takes
-- changes of transactions older than the oldest one still running (pg_snapshot_xmin of its
-- snapshot): those are settled, and every change still to come has a larger transaction id.
--
-- Why a table of its own and not a column of posts: a column would need a BEFORE trigger, which
-- makes PostgreSQL recompute posts.search_vector (to_tsvector of the text) on every update, and an
-- index on it would make every pray a non-HOT update of all the indexes of posts. This AFTER
-- trigger leaves the post row as it was and writes one small row.
CREATE TABLE post_changes (
  post_id integer PRIMARY KEY,
  channel_id smallint NOT NULL,
  change_xid bigint NOT NULL
);
-- The changes of one channel in change-feed order: a page is one index range scan.
CREATE INDEX post_changes_feed_idx ON post_changes (channel_id, change_xid, post_id);

CREATE FUNCTION posts_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_xid bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO post_changes (post_id, channel_id, change_xid) VALUES (OLD.id, OLD.channel_id, v_xid)
    ON CONFLICT (post_id) DO UPDATE SET channel_id = EXCLUDED.channel_id, change_xid = EXCLUDED.change_xid;
  ELSE
    INSERT INTO post_changes (post_id, channel_id, change_xid) VALUES (NEW.id, NEW.channel_id, v_xid)
    ON CONFLICT (post_id) DO UPDATE SET channel_id = EXCLUDED.channel_id, change_xid = EXCLUDED.change_xid;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_record_change AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_record_change();
