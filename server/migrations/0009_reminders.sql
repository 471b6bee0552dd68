-- 0009: prayer reminders (issue #13 point 2; docs/api.md 'Reminders', common/reminders-contract.ts).
-- Mirrored by server/db/schema/reminders.ts and notifications.ts.
--
-- One row per reminder, its id a UUID made on the device (PUT reminders/{id} creates or replaces
-- it through the outbox). The row is the scheduler's only state: next_at is the next firing
-- (null when disabled or past ends_on); the scheduler (server/push/reminder-scheduler.ts) claims
-- due rows with FOR UPDATE SKIP LOCKED, advances next_at and records the notification in one
-- transaction, so several API processes send each firing once.
--
-- What it opens: target_kind 'session' (session_source, and list_id for a list of theirs), 'post'
-- (post_id) or 'item' (list_id, list_item_id). The references cascade: a reminder for a list or
-- item that is deleted goes with it. days is a bit set (bit d = weekday d, 0 = Sunday).
CREATE TABLE reminders (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_kind text NOT NULL,
  session_source text,
  post_id integer REFERENCES posts (id) ON DELETE CASCADE,
  list_id integer REFERENCES lists (id) ON DELETE CASCADE,
  list_item_id integer REFERENCES list_items (id) ON DELETE CASCADE,
  days smallint NOT NULL,
  time_of_day text NOT NULL,
  time_zone text NOT NULL,
  ends_on date,
  enabled boolean NOT NULL DEFAULT true,
  label text NOT NULL,
  url text NOT NULL,
  next_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT reminders_target_check CHECK (
    (target_kind = 'session' AND post_id IS NULL AND list_item_id IS NULL
      AND (session_source IN ('quick', 'biblical', 'bookmarks', 'my-prayers') AND list_id IS NULL
        OR session_source = 'list' AND list_id IS NOT NULL))
    OR (target_kind = 'post' AND session_source IS NULL AND post_id IS NOT NULL AND list_id IS NULL AND list_item_id IS NULL)
    OR (target_kind = 'item' AND session_source IS NULL AND post_id IS NULL AND list_id IS NOT NULL AND list_item_id IS NOT NULL)),
  CONSTRAINT reminders_days_check CHECK (days BETWEEN 1 AND 127),
  CONSTRAINT reminders_time_check CHECK (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
CREATE INDEX reminders_user_idx ON reminders (user_id, created_at DESC);
-- The scheduler's claim: only what can fire.
CREATE INDEX reminders_due_idx ON reminders (next_at) WHERE enabled AND next_at IS NOT NULL;
CREATE INDEX reminders_post_idx ON reminders (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX reminders_list_idx ON reminders (list_id) WHERE list_id IS NOT NULL;
CREATE INDEX reminders_item_idx ON reminders (list_item_id) WHERE list_item_id IS NOT NULL;

-- A sent reminder is a notification too, so one missed while the device was off shows in
-- /notifications. It names no post: it keeps what the reminder named and the address it opens.
-- One row per reminder and UTC day (a reminder fires at most once a day unless its time is
-- changed; a second firing that day refreshes the row and marks it unread again).
ALTER TABLE notifications ALTER COLUMN post_id DROP NOT NULL;
ALTER TABLE notifications ADD COLUMN reminder_id uuid REFERENCES reminders (id) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN label text;
ALTER TABLE notifications ADD COLUMN url text;
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('prayed', 'commented', 'answered', 'reminder'));
ALTER TABLE notifications ADD CONSTRAINT notifications_subject_check CHECK (
  (kind = 'reminder' AND post_id IS NULL AND reminder_id IS NOT NULL AND label IS NOT NULL AND url IS NOT NULL)
  OR (kind <> 'reminder' AND post_id IS NOT NULL AND reminder_id IS NULL));
CREATE UNIQUE INDEX notifications_reminder_key ON notifications (reminder_id, day) WHERE reminder_id IS NOT NULL;
