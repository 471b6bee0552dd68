-- 0024: change stamps, so an idle poll costs almost nothing (issue #50 item 2;
-- docs/architecture/change-stamps.md 'Change stamps',
-- docs/decisions/0222-an-idle-poll-answered-from-change-stamps-issue-50-item-2.md).
--
-- GET sync/pull without `full` reads the account's sections (settings, reminders, hidden people,
-- notifications, notes counts, groups), the channel's post changes and two counts. A device that
-- has nothing new is now answered from three stamps, one statement, without reading any of them
-- (server/domain/change-stamps.ts):
--   - the channel: its post change feed (post_changes, migration 0006) has no row after the
--     cursor's position (one probe of post_changes_feed_idx);
--   - the member: member_changes has no row of theirs from a transaction at or after the cursor's
--     stamp position (one probe of the primary key);
--   - each live group of theirs: group_changes likewise (their memberships, group_members_user_idx,
--     each a probe of the primary key).
-- These are the live channel's own topics (migration 0021, server/live/routing.ts): a post goes
-- to its channel, a notification or membership to its user, a group's change to its members. So
-- the live triggers that announce a user's or a group's change now also record it here, and
-- triggers below record the few things the pull shows that live never announced.
--
-- Positions are transaction ids, as post_changes's (0006 says why a sequence would lose changes
-- committed out of order): a cursor's stamp position is pg_snapshot_xmin when its sections were
-- read, so every transaction below it was visible to the read, and every later one has an id at
-- or above it. The rows are written insert-only, one per (member or group, transaction): two
-- transactions never wait on one another's stamp row, so no new lock order (and no deadlock) is
-- added to any write; a row per member per transaction that touches them is what the writes
-- themselves write already (a notification, a note...). No fan-out: a post changes one row of
-- post_changes whatever its channel's size, a group's change one row of group_changes whatever
-- its members'. A change that shows in things others hold (an edited post quoted in their
-- notifications, a renamed person in their notifications or hidden list) records the members
-- whose rows name it, found by index: as many as the rows the change already shows in.
--
-- Old rows are pruned in the background (server/domain/housekeeping.ts): change_log_horizon says
-- below which transaction id they may be gone, and a cursor whose stamp position is below it is
-- answered by reading its sections (the answer is the same; only slower).

CREATE TABLE member_changes (
  user_id integer NOT NULL,
  change_xid bigint NOT NULL,
  PRIMARY KEY (user_id, change_xid)
);
CREATE INDEX member_changes_xid_idx ON member_changes (change_xid);

CREATE TABLE group_changes (
  group_id integer NOT NULL,
  change_xid bigint NOT NULL,
  PRIMARY KEY (group_id, change_xid)
);
CREATE INDEX group_changes_xid_idx ON group_changes (change_xid);

-- One row: rows below `horizon` may have been pruned; `mark` becomes the next horizon.
CREATE TABLE change_log_horizon (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  horizon bigint NOT NULL,
  mark bigint NOT NULL
);
INSERT INTO change_log_horizon (one, horizon, mark) VALUES (true, 0, 0);

-- Indexes that find who a change shows to (the cascades below).
CREATE INDEX notifications_post_idx ON notifications (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX notifications_actor_idx ON notifications (last_actor_id) WHERE last_actor_id IS NOT NULL;
CREATE INDEX notes_post_idx ON notes (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX hidden_people_hidden_idx ON hidden_people (hidden_user_id);

CREATE FUNCTION record_member_change(p_user integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_changes (user_id, change_xid) VALUES (p_user, pg_current_xact_id()::text::bigint)
  ON CONFLICT DO NOTHING;
$$;

CREATE FUNCTION record_group_change(p_group integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO group_changes (group_id, change_xid) VALUES (p_group, pg_current_xact_id()::text::bigint)
  ON CONFLICT DO NOTHING;
$$;

-- Everyone holding a notification, a note or a reminder on a post: what they see of it moved.
CREATE FUNCTION record_post_readers(p_post integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_changes (user_id, change_xid)
  SELECT user_id, pg_current_xact_id()::text::bigint FROM notifications WHERE post_id = p_post
  UNION SELECT user_id, pg_current_xact_id()::text::bigint FROM notes WHERE post_id = p_post
  UNION SELECT user_id, pg_current_xact_id()::text::bigint FROM reminders WHERE post_id = p_post
  ON CONFLICT DO NOTHING;
$$;

-- The live triggers of 0021 that announce a user's or a group's change also record it.
CREATE OR REPLACE FUNCTION live_user_notification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM pg_notify('prayer_live', json_build_object('k', 'u', 'u', v_user)::text);
  PERFORM record_member_change(v_user);
  RETURN NULL;
END $$;

-- The list shows more of a notification than live's WHEN of 0021 looks at.
DROP TRIGGER live_notification_update ON notifications;
CREATE TRIGGER live_notification_update AFTER UPDATE ON notifications
  FOR EACH ROW WHEN ((OLD.read_at, OLD.updated_at, OLD.actor_count, OLD.last_actor_id, OLD.label, OLD.url, OLD.kind, OLD.post_id, OLD.user_id)
    IS DISTINCT FROM (NEW.read_at, NEW.updated_at, NEW.actor_count, NEW.last_actor_id, NEW.label, NEW.url, NEW.kind, NEW.post_id, NEW.user_id))
  EXECUTE FUNCTION live_user_notification();

CREATE OR REPLACE FUNCTION live_group_member() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM record_member_change(r.user_id);
  PERFORM record_group_change(r.group_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION live_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('prayer_live', json_build_object('k', 'g', 'g', OLD.id)::text);
  PERFORM record_group_change(OLD.id);
  RETURN NULL;
END $$;

-- What the pull shows that live does not announce.

-- The member's own rows: reminders (the scheduler moves next_at), notes, hidden people, sign-in
-- providers (settings.providers; linked by sign-in routes, not by a mutation).
CREATE FUNCTION record_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_member_change(CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM record_member_change(OLD.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER stamp_reminders AFTER INSERT OR UPDATE OR DELETE ON reminders
  FOR EACH ROW EXECUTE FUNCTION record_owner_change();
CREATE TRIGGER stamp_notes AFTER INSERT OR UPDATE OR DELETE ON notes
  FOR EACH ROW EXECUTE FUNCTION record_owner_change();
CREATE TRIGGER stamp_hidden_people AFTER INSERT OR UPDATE OR DELETE ON hidden_people
  FOR EACH ROW EXECUTE FUNCTION record_owner_change();
CREATE TRIGGER stamp_user_providers AFTER INSERT OR UPDATE OR DELETE ON user_providers
  FOR EACH ROW EXECUTE FUNCTION record_owner_change();

-- A user row: their own settings, and their name or picture where others see it (the last actor
-- of others' notifications, others' hidden people). The sign-in time is nobody's section.
CREATE FUNCTION record_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_xid bigint := pg_current_xact_id()::text::bigint;
BEGIN
  PERFORM record_member_change(NEW.id);
  IF (OLD.name, OLD.username, OLD.avatar, OLD.deleted_at) IS DISTINCT FROM (NEW.name, NEW.username, NEW.avatar, NEW.deleted_at) THEN
    INSERT INTO member_changes (user_id, change_xid)
    SELECT user_id, v_xid FROM notifications WHERE last_actor_id = NEW.id
    UNION SELECT user_id, v_xid FROM hidden_people WHERE hidden_user_id = NEW.id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER stamp_users AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.is_guest, OLD.name, OLD.nickname, OLD.username, OLD.email, OLD.password_hash, OLD.avatar, OLD.img_show,
      OLD.channel_id, OLD.language, OLD.prayer_session_items_qtd, OLD.deleted_at)
    IS DISTINCT FROM (NEW.is_guest, NEW.name, NEW.nickname, NEW.username, NEW.email, NEW.password_hash, NEW.avatar, NEW.img_show,
      NEW.channel_id, NEW.language, NEW.prayer_session_items_qtd, NEW.deleted_at))
  EXECUTE FUNCTION record_user_change();

-- A post's words or visibility (not its counters: a pray changes no one's notification, note or
-- reminder label): the notifications that quote it, the notes counted on it, the reminders
-- labelled by it, whatever channel their holders now look at. Its own channel learns through
-- post_changes.
CREATE FUNCTION record_post_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_post_readers(NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER stamp_post_readers AFTER UPDATE ON posts
  FOR EACH ROW WHEN ((OLD.text, OLD.answer_text, OLD.atendido, OLD.is_anonymous, OLD.visibility, OLD.archived_at,
      OLD.deleted_at, OLD.group_id, OLD.channel_id, OLD.type, OLD.update_count, OLD.user_id, OLD.updated_answer_at)
    IS DISTINCT FROM (NEW.text, NEW.answer_text, NEW.atendido, NEW.is_anonymous, NEW.visibility, NEW.archived_at,
      NEW.deleted_at, NEW.group_id, NEW.channel_id, NEW.type, NEW.update_count, NEW.user_id, NEW.updated_answer_at))
  EXECUTE FUNCTION record_post_change();

-- A comment or an update quoted by a notification (the latest comment of its last actor, the
-- post's latest update): the holders of that post's notifications.
CREATE FUNCTION record_quoted_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_post integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
  IF v_post IS NOT NULL THEN
    INSERT INTO member_changes (user_id, change_xid)
    SELECT user_id, pg_current_xact_id()::text::bigint FROM notifications WHERE post_id = v_post
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER stamp_comment_quotes AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION record_quoted_change();
CREATE TRIGGER stamp_comment_quotes_update AFTER UPDATE ON comments
  FOR EACH ROW WHEN ((OLD.text, OLD.deleted_at, OLD.visibility) IS DISTINCT FROM (NEW.text, NEW.deleted_at, NEW.visibility))
  EXECUTE FUNCTION record_quoted_change();
CREATE TRIGGER stamp_update_quotes AFTER INSERT OR UPDATE OR DELETE ON post_updates
  FOR EACH ROW EXECUTE FUNCTION record_quoted_change();

-- A list's name or visibility, an item's words: the reminders labelled by them
-- (server/domain/reminder-labels.ts; an item's reminder names its list too).
CREATE FUNCTION record_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_changes (user_id, change_xid)
  SELECT user_id, pg_current_xact_id()::text::bigint FROM reminders WHERE list_id = NEW.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER stamp_list_reminders AFTER UPDATE ON lists
  FOR EACH ROW WHEN ((OLD.name, OLD.visibility, OLD.archived_at, OLD.user_id, OLD.group_id)
    IS DISTINCT FROM (NEW.name, NEW.visibility, NEW.archived_at, NEW.user_id, NEW.group_id))
  EXECUTE FUNCTION record_list_change();

CREATE FUNCTION record_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_changes (user_id, change_xid)
  SELECT user_id, pg_current_xact_id()::text::bigint FROM reminders WHERE list_item_id = NEW.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER stamp_item_reminders AFTER UPDATE ON list_items
  FOR EACH ROW WHEN ((OLD.title, OLD.text, OLD.deleted_at) IS DISTINCT FROM (NEW.title, NEW.text, NEW.deleted_at))
  EXECUTE FUNCTION record_item_change();

-- A group's invite (shown to its members in GET groups).
CREATE FUNCTION record_invite_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_group_change(CASE WHEN TG_OP = 'DELETE' THEN OLD.group_id ELSE NEW.group_id END);
  RETURN NULL;
END $$;

CREATE TRIGGER stamp_group_invites AFTER INSERT OR UPDATE OR DELETE ON group_invites
  FOR EACH ROW EXECUTE FUNCTION record_invite_change();
