-- 0025: notifications that do not pile up (issue #50 item 3; docs/product.md §11 'How long
-- notifications are kept', docs/decisions/0223-notification-retention-issue-50-item-3.md). The rule
-- is applied in the background by server/domain/notification-retention.ts, in small batches:
--   - a read notification whose last change is over 90 days old goes;
--   - an unread one over 365 days old goes;
--   - a member keeps their newest 500 (the list's order: updated_at, id), the rest go.
-- Each age rule walks its own partial index oldest first, so a batch reads only rows it deletes
-- (an unread row of 100 days is never in the read rule's way). The per-member cap walks the members
-- in id order, a window at a time, each member's rows past the 500th on notifications_user_time_idx;
-- notification_retention keeps where that walk is, so every process continues it.

CREATE INDEX notifications_read_age_idx ON notifications (updated_at) WHERE read_at IS NOT NULL;
CREATE INDEX notifications_unread_age_idx ON notifications (updated_at) WHERE read_at IS NULL;

CREATE TABLE notification_retention (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  -- The last member whose cap was applied; the next window starts after it (0: from the start).
  after_user_id integer NOT NULL
);
INSERT INTO notification_retention (one, after_user_id) VALUES (true, 0);
