-- 0021: announcements of the live channel (issue #48; docs/api.md 'Live'). Every change an open
-- device would learn about through its pull raises a small pg_notify on the channel
-- 'prayer_live', inside the writing transaction: PostgreSQL (and PGlite, in-process) delivers it
-- only when that transaction commits, and never for one that rolls back, so every code path that
-- writes these tables is covered and nothing uncommitted is announced. Each API process LISTENs
-- (server/live/) and turns the announcements into pokes for the streams it holds, asking the
-- visibility rule of the pull at send time: the payloads carry ids and counters, never text.
--
-- Payloads (JSON, a few dozen bytes):
--   {"k":"p","id","c","g","u","n","m","x","new"}  a post: channel, group, author, prayed_count,
--       comment_count; x: only the counters moved (a pray, a comment); new: just inserted
--   {"k":"u","u"}   something of this user's own changed (a notification, a membership)
--   {"k":"g","g"}   a group's members or the group itself changed (its live members pull)
--   {"k":"s","s"}   a session ended (token revoked or deleted): its streams close
--   {"k":"s","u"}   every session of a user ended (the account was deleted)
-- The account's own writes are announced by the API itself ({"k":"a","u","s"}, once per
-- request or push: server/live/announce.ts), not by triggers.
--
-- Cost: the posts trigger compares a few columns of OLD and NEW (never the row as JSON: posts
-- carries a search_vector) and returns at once when nothing a reader sees changed.

CREATE FUNCTION live_post_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r posts;
  counts_only boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := OLD;
  ELSE
    r := NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    counts_only := (OLD.text, OLD.answer_text, OLD.atendido, OLD.is_anonymous, OLD.visibility, OLD.archived_at,
                    OLD.deleted_at, OLD.group_id, OLD.channel_id, OLD.type, OLD.update_count, OLD.user_id, OLD.updated_answer_at)
      IS NOT DISTINCT FROM (NEW.text, NEW.answer_text, NEW.atendido, NEW.is_anonymous, NEW.visibility, NEW.archived_at,
                    NEW.deleted_at, NEW.group_id, NEW.channel_id, NEW.type, NEW.update_count, NEW.user_id, NEW.updated_answer_at);
    -- Nothing a reader sees moved (updated_at alone): nothing to announce.
    IF counts_only AND OLD.prayed_count = NEW.prayed_count AND OLD.comment_count = NEW.comment_count THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('prayer_live', json_build_object(
    'k', 'p', 'id', r.id, 'c', r.channel_id, 'g', r.group_id, 'u', r.user_id,
    'n', r.prayed_count, 'm', r.comment_count, 'x', counts_only, 'new', TG_OP = 'INSERT')::text);
  RETURN NULL;
END $$;

CREATE TRIGGER live_post_change AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION live_post_change();

-- A notification of the user's (a new one, more people praying, read elsewhere, gone). The push
-- dispatcher's own bookkeeping (push_pending) is not something the user sees.
CREATE FUNCTION live_user_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prayer_live', json_build_object('k', 'u', 'u', CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER live_notification_write AFTER INSERT OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION live_user_notification();
CREATE TRIGGER live_notification_update AFTER UPDATE ON notifications
  FOR EACH ROW WHEN (OLD.read_at IS DISTINCT FROM NEW.read_at OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
    OR OLD.actor_count IS DISTINCT FROM NEW.actor_count)
  EXECUTE FUNCTION live_user_notification();

-- A membership joined, left, removed or given another role: the member's own groups change, and
-- the other live members see the member list change.
CREATE FUNCTION live_group_member() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r group_members;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := OLD;
  ELSE
    r := NEW;
  END IF;
  PERFORM pg_notify('prayer_live', json_build_object('k', 'u', 'u', r.user_id)::text);
  PERFORM pg_notify('prayer_live', json_build_object('k', 'g', 'g', r.group_id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER live_group_member AFTER INSERT OR UPDATE OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION live_group_member();

-- The group itself (renamed, a new picture, deleted).
CREATE FUNCTION live_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prayer_live', json_build_object('k', 'g', 'g', OLD.id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER live_group AFTER UPDATE OR DELETE ON prayer_groups
  FOR EACH ROW EXECUTE FUNCTION live_group();

-- A session that ends (logout, refresh rotation, "sign out everywhere", a password change, the
-- account deleted by cascade): its streams say bye 'revoked' and close.
CREATE FUNCTION live_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prayer_live', json_build_object('k', 's', 's', OLD.id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER live_token_revoked AFTER UPDATE OF revoked_at ON auth_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION live_session_end();
CREATE TRIGGER live_token_deleted AFTER DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION live_session_end();

CREATE FUNCTION live_user_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prayer_live', json_build_object('k', 's', 'u', NEW.id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER live_user_gone AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION live_user_gone();
