-- 0012: a prayer is a repeat only after an earlier one (issue #25 point 2;
-- docs/decisions/0022-prays-applied-as-a-set.md). POST sync/push now inserts a run of prays in one
-- statement (server/domain/pray-run.ts), and an AFTER ROW trigger sees every row of its statement:
-- with `p.id <> NEW.id`, several prayers of one person for one post inserted together each took
-- another for the earlier one of that day, and the author was told of none. A smaller id is what
-- "earlier" meant for every pray applied alone, so single calls are notified as before.
CREATE OR REPLACE FUNCTION notifications_on_prayer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF NEW.post_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM notifications_record(NEW.post_id, NEW.user_id, 'prayed', NEW.created_at, EXISTS (
    SELECT 1 FROM prayers p
    WHERE p.post_id = NEW.post_id AND p.user_id = NEW.user_id AND p.id < NEW.id
      AND (p.created_at AT TIME ZONE 'UTC')::date = v_day));
  RETURN NULL;
END $$;
