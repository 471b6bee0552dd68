-- 0004: accounts (docs/product.md §7 Auth and User): prayer-session details for statistics, avatars, provider
-- links, push platforms and account-deletion requests. Mirrored by server/db/schema/.

-- How many items a prayer session shows (PUT user/prayer-session-items-qtd, 1..50). The column
-- exists since 0001 and the session routes already read it, so it keeps its name.
ALTER TABLE users ADD CONSTRAINT users_session_items_qtd_range CHECK (prayer_session_items_qtd BETWEEN 1 AND 50);

-- PUT user/session-finished records what the session achieved; GET user/my-statistics sums it.
ALTER TABLE prayer_sessions
  ADD COLUMN items_prayed integer NOT NULL DEFAULT 0,
  ADD COLUMN duration_seconds integer NOT NULL DEFAULT 0,
  ADD CONSTRAINT prayer_sessions_items_prayed_range CHECK (items_prayed BETWEEN 0 AND 1000),
  ADD CONSTRAINT prayer_sessions_duration_range CHECK (duration_seconds BETWEEN 0 AND 86400);

-- One account per provider and member; the email the provider reported when linked.
ALTER TABLE user_providers ADD COLUMN email text;
CREATE UNIQUE INDEX user_providers_user_provider_key ON user_providers (user_id, provider);

ALTER TABLE push_tokens ADD COLUMN platform text;
CREATE INDEX push_tokens_user_idx ON push_tokens (user_id);

CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- Avatars live in the database, not on local disk, so API processes stay stateless
-- (docs/architecture/server.md 'Reference server' 'Scale'). file_name changes on every upload, so
-- the photo URL can be cached as immutable.
CREATE TABLE user_avatars (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- The mailed deletion link (docs/product.md §2 /profile/delete/{guid}/{user_id}/{hash}/{code}). user_id is
-- deliberately not a foreign key: the row outlives the account it deleted, so a repeated confirm
-- (a lost response) answers "deleted" again instead of "invalid link".
CREATE TABLE account_deletion_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  guid text NOT NULL UNIQUE,
  user_id integer NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX account_deletion_requests_user_idx ON account_deletion_requests (user_id);
