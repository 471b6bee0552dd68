-- 0005: in-app notifications (issue #6 'Notifications end to end'; docs/product.md §2 /notifications, §3
-- 'Notification entities are not shown', so the shape is ours). Mirrored by server/db/schema/.
--
-- One row per recipient, post, kind and UTC day: "3 people prayed for your request" instead of
-- one row per prayer (every prayer counts, docs/product.md §10, so a busy request would drown the list).
-- actor_count counts distinct people that day; last_actor_id names the latest one.
-- The rows are written by triggers, in the transaction of the prayer, comment or answer itself,
-- so every path that prays, comments or answers notifies and nothing can be recorded half-way.
-- push_pending marks a row whose change has not been pushed yet, set only when the recipient has
-- registered a device (push_tokens): the push dispatcher (server/push/dispatch.ts) claims such
-- rows after the transaction commits.
CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  kind text NOT NULL,
  day date NOT NULL,
  actor_count integer NOT NULL DEFAULT 1,
  last_actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  read_at timestamptz(3),
  push_pending boolean NOT NULL DEFAULT false,
  CONSTRAINT notifications_kind_check CHECK (kind IN ('prayed', 'commented', 'answered')),
  CONSTRAINT notifications_actor_count_check CHECK (actor_count >= 1)
);
CREATE UNIQUE INDEX notifications_group_key ON notifications (user_id, post_id, kind, day);
CREATE INDEX notifications_user_time_idx ON notifications (user_id, updated_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_push_idx ON notifications (updated_at) WHERE push_pending;

-- Records that `actor` did `kind` on `post` at `at`, for the post's author. `repeat` is true when
-- the actor already did it that day: the group then has no new person and nothing changes.
CREATE FUNCTION notifications_record(p_post integer, p_actor integer, p_kind text, p_at timestamptz, p_repeat boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_owner integer;
BEGIN
  SELECT user_id INTO v_owner FROM posts WHERE id = p_post AND deleted_at IS NULL;
  -- Nobody is told about their own prayer or comment.
  IF v_owner IS NULL OR v_owner = p_actor OR p_repeat THEN
    RETURN;
  END IF;
  INSERT INTO notifications AS n (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, push_pending)
  VALUES (v_owner, p_post, p_kind, (p_at AT TIME ZONE 'UTC')::date, 1, p_actor, p_at, p_at,
          EXISTS (SELECT 1 FROM push_tokens t WHERE t.user_id = v_owner))
  ON CONFLICT (user_id, post_id, kind, day) DO UPDATE
    SET actor_count = n.actor_count + 1, last_actor_id = p_actor, updated_at = GREATEST(n.updated_at, p_at),
        read_at = NULL, push_pending = EXCLUDED.push_pending;
END $$;

CREATE FUNCTION notifications_on_prayer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF NEW.post_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM notifications_record(NEW.post_id, NEW.user_id, 'prayed', NEW.created_at, EXISTS (
    SELECT 1 FROM prayers p
    WHERE p.post_id = NEW.post_id AND p.user_id = NEW.user_id AND p.id <> NEW.id
      AND (p.created_at AT TIME ZONE 'UTC')::date = v_day));
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_prayer AFTER INSERT ON prayers
  FOR EACH ROW EXECUTE FUNCTION notifications_on_prayer();

-- Only public comments (visibility 0) notify.
CREATE FUNCTION notifications_on_comment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF NEW.post_id IS NULL OR NEW.visibility <> 0 THEN
    RETURN NULL;
  END IF;
  PERFORM notifications_record(NEW.post_id, NEW.user_id, 'commented', NEW.created_at, EXISTS (
    SELECT 1 FROM comments c
    WHERE c.post_id = NEW.post_id AND c.user_id = NEW.user_id AND c.id <> NEW.id AND c.visibility = 0
      AND c.created_at >= (v_day::timestamp AT TIME ZONE 'UTC')));
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_comment AFTER INSERT ON comments
  FOR EACH ROW EXECUTE FUNCTION notifications_on_comment();

-- A request marked answered tells everyone who prayed for it (not its author). No actor is
-- stored: the author of an anonymous request must stay anonymous.
CREATE FUNCTION notifications_on_answer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications AS n (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, push_pending)
  SELECT DISTINCT p.user_id, NEW.id, 'answered', (now() AT TIME ZONE 'UTC')::date, 1, NULL::integer, now(), now(),
         EXISTS (SELECT 1 FROM push_tokens t WHERE t.user_id = p.user_id)
  FROM prayers p
  WHERE p.post_id = NEW.id AND p.user_id <> NEW.user_id
  ON CONFLICT (user_id, post_id, kind, day) DO UPDATE
    SET updated_at = now(), read_at = NULL, push_pending = EXCLUDED.push_pending;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_answer AFTER UPDATE OF atendido ON posts
  FOR EACH ROW WHEN (NEW.atendido AND NOT OLD.atendido AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION notifications_on_answer();
