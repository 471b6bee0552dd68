-- 0026: a member's change stamp says which of their sections moved (issue #50 item 1;
-- docs/architecture/change-stamps.md 'Change stamps',
-- docs/decisions/0222-an-idle-poll-answered-from-change-stamps-issue-50-item-2.md).
--
-- A returning pull whose member changed read all six account sections; most changes move one (a
-- notification: the list and the unread count). Each member_changes row now carries the sections
-- its transaction moved, as bits (server/domain/sync-sections.ts SECTION_BITS):
--   1 notifications (and the unread count), 2 groups, 4 settings, 8 reminders, 16 hidden people
--   (and the new count), 32 notes counts.
-- The column's default is every bit (-1): a writer that does not say is read as "everything", as
-- before. Two writers in one transaction merge their bits (ON CONFLICT ... DO UPDATE with |), so a
-- narrow one never hides a wide one; a multi-row insert merges its rows per member first (an
-- upsert may not touch a row twice in one statement).
ALTER TABLE member_changes ADD COLUMN sections integer NOT NULL DEFAULT -1;

CREATE FUNCTION record_member_sections(p_user integer, p_sections integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_changes (user_id, change_xid, sections) VALUES (p_user, pg_current_xact_id()::text::bigint, p_sections)
  ON CONFLICT (user_id, change_xid) DO UPDATE SET sections = member_changes.sections | excluded.sections;
$$;

-- Every section: the own writes of the API (server/live/announcements.ts), memberships, the user row.
CREATE OR REPLACE FUNCTION record_member_change(p_user integer) RETURNS void LANGUAGE sql AS $$
  SELECT record_member_sections(p_user, -1);
$$;

-- The holders of what a post shows in: notifications (1), notes (32), reminders (8).
CREATE OR REPLACE FUNCTION record_post_readers(p_post integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_changes (user_id, change_xid, sections)
  SELECT user_id, pg_current_xact_id()::text::bigint, bit_or(bits) FROM (
    SELECT user_id, 1 AS bits FROM notifications WHERE post_id = p_post
    UNION ALL SELECT user_id, 32 FROM notes WHERE post_id = p_post
    UNION ALL SELECT user_id, 8 FROM reminders WHERE post_id = p_post) readers
  GROUP BY user_id
  ON CONFLICT (user_id, change_xid) DO UPDATE SET sections = member_changes.sections | excluded.sections;
$$;

-- A notification of theirs: the list and the unread count.
CREATE OR REPLACE FUNCTION live_user_notification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM pg_notify('prayer_live', json_build_object('k', 'u', 'u', v_user)::text);
  PERFORM record_member_sections(v_user, 1);
  RETURN NULL;
END $$;

-- The member's own rows, by table: reminders (8), notes (32), hidden people (16), sign-in providers (settings, 4).
CREATE OR REPLACE FUNCTION record_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bits integer := CASE TG_TABLE_NAME WHEN 'reminders' THEN 8 WHEN 'notes' THEN 32 WHEN 'hidden_people' THEN 16
    WHEN 'user_providers' THEN 4 ELSE -1 END;
BEGIN
  PERFORM record_member_sections(CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END, v_bits);
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM record_member_sections(OLD.user_id, v_bits);
  END IF;
  RETURN NULL;
END $$;

-- A user row: every section of their own; their name or picture where others see it: the
-- notifications they last acted in (1), the hidden lists that name them (16).
CREATE OR REPLACE FUNCTION record_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_xid bigint := pg_current_xact_id()::text::bigint;
BEGIN
  PERFORM record_member_change(NEW.id);
  IF (OLD.name, OLD.username, OLD.avatar, OLD.deleted_at) IS DISTINCT FROM (NEW.name, NEW.username, NEW.avatar, NEW.deleted_at) THEN
    INSERT INTO member_changes (user_id, change_xid, sections)
    SELECT user_id, v_xid, bit_or(bits) FROM (
      SELECT user_id, 1 AS bits FROM notifications WHERE last_actor_id = NEW.id
      UNION ALL SELECT user_id, 16 FROM hidden_people WHERE hidden_user_id = NEW.id) holders
    GROUP BY user_id
    ON CONFLICT (user_id, change_xid) DO UPDATE SET sections = member_changes.sections | excluded.sections;
  END IF;
  RETURN NULL;
END $$;

-- A comment or update quoted by notifications: their holders' notifications (1).
CREATE OR REPLACE FUNCTION record_quoted_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_post integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
  IF v_post IS NOT NULL THEN
    INSERT INTO member_changes (user_id, change_xid, sections)
    SELECT DISTINCT user_id, pg_current_xact_id()::text::bigint, 1 FROM notifications WHERE post_id = v_post
    ON CONFLICT (user_id, change_xid) DO UPDATE SET sections = member_changes.sections | excluded.sections;
  END IF;
  RETURN NULL;
END $$;

-- A list or an item: the reminders that name it (8).
CREATE OR REPLACE FUNCTION record_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_changes (user_id, change_xid, sections)
  SELECT DISTINCT user_id, pg_current_xact_id()::text::bigint, 8 FROM reminders WHERE list_id = NEW.id
  ON CONFLICT (user_id, change_xid) DO UPDATE SET sections = member_changes.sections | excluded.sections;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION record_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_changes (user_id, change_xid, sections)
  SELECT DISTINCT user_id, pg_current_xact_id()::text::bigint, 8 FROM reminders WHERE list_item_id = NEW.id
  ON CONFLICT (user_id, change_xid) DO UPDATE SET sections = member_changes.sections | excluded.sections;
  RETURN NULL;
END $$;
