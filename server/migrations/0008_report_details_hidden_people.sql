-- 0008: reporting like the best communities (issue #12 item 8;
-- docs/decisions/0111-reporting-and-hidden-people-no-reason-is-chosen-for-the.md,
-- docs/decisions/0112-reporting-and-hidden-people-a-reported-post-leaves-the.md,
-- docs/decisions/0113-reporting-and-hidden-people-hide-posts-from-this-person.md). Mirrored by
-- server/db/schema/ (moderation.ts for hidden_people).
--
-- A report may carry the reporter's own words (optional, at most 500 characters, checked at the
-- edge too); the moderation queue shows them.
ALTER TABLE reports ADD COLUMN details text;
ALTER TABLE reports ADD CONSTRAINT reports_details_length CHECK (details IS NULL OR char_length(details) <= 500);

-- "Hide posts from this person": one row per viewer and hidden person. The viewer's feeds, post
-- reads and comments leave out the person's signed (non-anonymous) posts and their comments.
-- Guests are users too (is_guest), so a guest session may hide people like a member.
CREATE TABLE hidden_people (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  hidden_user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, hidden_user_id),
  CONSTRAINT hidden_people_not_self CHECK (user_id <> hidden_user_id)
);
