-- 0001: the whole product's schema (docs/product.md §3). Forward-only: never edit a shipped migration, add 0002_*.
-- Mirrored by server/db/schema/. Timestamps have millisecond precision because clients send
-- `since` back as an ISO string with milliseconds.

CREATE TABLE channels (
  id smallint PRIMARY KEY,
  code text NOT NULL,
  locale text NOT NULL,
  language text NOT NULL,
  label text NOT NULL,
  domain text NOT NULL,
  fts_config text NOT NULL
);

-- Reference data: every user and post belongs to a channel (docs/product.md §3 Channels).
INSERT INTO channels (id, code, locale, language, label, domain, fts_config) VALUES
  (1, 'en', 'en-US', 'English', 'English', 'en', 'english'),
  (2, 'pt', 'pt-BR', 'Portuguese', 'Português', 'pt', 'portuguese'),
  (3, 'es', 'es-ES', 'Spanish', 'Español', 'es', 'spanish');

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  is_guest boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  nickname text,
  username text NOT NULL UNIQUE,
  email text,
  password_hash text,
  avatar text,
  img_show boolean NOT NULL DEFAULT true,
  channel_id smallint NOT NULL DEFAULT 1 REFERENCES channels (id),
  language text NOT NULL DEFAULT 'en-US',
  prayer_session_items_qtd smallint NOT NULL DEFAULT 5,
  last_login_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  deleted_at timestamptz(3),
  CONSTRAINT users_member_has_email CHECK (is_guest OR email IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE auth_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz(3) NOT NULL,
  refresh_until timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  revoked_at timestamptz(3)
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

CREATE TABLE password_resets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE user_providers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_user_id text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_providers_provider_key ON user_providers (provider, provider_user_id);

CREATE TABLE push_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  extra jsonb,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE posts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel_id smallint NOT NULL REFERENCES channels (id),
  type text NOT NULL CHECK (type IN ('REQUEST', 'THANK')),
  text text NOT NULL,
  answer_text text,
  atendido boolean NOT NULL DEFAULT false,
  is_anonymous boolean NOT NULL DEFAULT false,
  visibility smallint NOT NULL DEFAULT 0 CHECK (visibility IN (0, 1, 2, 4)),
  prayed_count integer NOT NULL DEFAULT 0,
  comment_count integer NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_answer_at timestamptz(3),
  archived_at timestamptz(3),
  deleted_at timestamptz(3),
  -- Full-text search in the channel's language (docs/architecture/server.md 'Reference server');
  -- to_tsvector(regconfig, text) is immutable when the configuration is a constant expression, so
  -- it can be a generated column.
  search_vector tsvector GENERATED ALWAYS AS (
    to_tsvector(
      (CASE channel_id WHEN 2 THEN 'portuguese'::regconfig WHEN 3 THEN 'spanish'::regconfig ELSE 'english'::regconfig END),
      text || ' ' || coalesce(answer_text, '')
    )
  ) STORED,
  CONSTRAINT posts_text_length CHECK (char_length(text) BETWEEN 1 AND 2000)
);
-- Feed pages: newest first within a channel; testimonies by answer time (docs/product.md §3 ANSWER).
CREATE INDEX posts_feed_idx ON posts (channel_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX posts_answer_idx ON posts (channel_id, updated_answer_at DESC, id DESC) WHERE atendido AND deleted_at IS NULL;
CREATE INDEX posts_user_idx ON posts (user_id, created_at DESC);
CREATE INDEX posts_search_idx ON posts USING gin (search_vector);

CREATE TABLE lists (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  channel_id smallint NOT NULL REFERENCES channels (id),
  key text,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  description text,
  is_community boolean NOT NULL DEFAULT false,
  visibility smallint NOT NULL DEFAULT 2 CHECK (visibility IN (0, 1, 2, 4)),
  item_count integer NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  archived_at timestamptz(3)
);
CREATE INDEX lists_user_idx ON lists (user_id);
CREATE INDEX lists_channel_key_idx ON lists (channel_id, key);

CREATE TABLE list_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_list_id integer NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  post_id integer REFERENCES posts (id) ON DELETE SET NULL,
  title text,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
  reference text,
  position integer NOT NULL DEFAULT 0,
  prayed_count integer NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  deleted_at timestamptz(3)
);
CREATE INDEX list_items_list_idx ON list_items (post_list_id, position);

-- Every prayer is a row (docs/product.md §10), on exactly one target.
CREATE TABLE prayers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id integer REFERENCES posts (id) ON DELETE CASCADE,
  list_item_id integer REFERENCES list_items (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT prayers_one_target CHECK (num_nonnulls(post_id, list_item_id) = 1)
);
CREATE INDEX prayers_post_user_idx ON prayers (post_id, user_id);
CREATE INDEX prayers_item_user_idx ON prayers (list_item_id, user_id);
CREATE INDEX prayers_user_time_idx ON prayers (user_id, created_at DESC);

CREATE TABLE bookmarks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id integer REFERENCES posts (id) ON DELETE CASCADE,
  list_item_id integer REFERENCES list_items (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT bookmarks_one_target CHECK (num_nonnulls(post_id, list_item_id) = 1)
);
CREATE UNIQUE INDEX bookmarks_user_post_key ON bookmarks (user_id, post_id);
CREATE UNIQUE INDEX bookmarks_user_item_key ON bookmarks (user_id, list_item_id);

CREATE TABLE comments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id integer REFERENCES posts (id) ON DELETE CASCADE,
  list_item_id integer REFERENCES list_items (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 1000),
  visibility smallint NOT NULL DEFAULT 0 CHECK (visibility IN (0, 1, 2, 4)),
  like_count integer NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  deleted_at timestamptz(3),
  CONSTRAINT comments_one_target CHECK (num_nonnulls(post_id, list_item_id) = 1)
);
CREATE INDEX comments_post_idx ON comments (post_id, created_at);
CREATE INDEX comments_item_idx ON comments (list_item_id, created_at);

CREATE TABLE comment_likes (
  comment_id integer NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);

CREATE TABLE notes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id integer REFERENCES posts (id) ON DELETE CASCADE,
  list_item_id integer REFERENCES list_items (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  deleted_at timestamptz(3),
  CONSTRAINT notes_one_target CHECK (num_nonnulls(post_id, list_item_id) = 1)
);
CREATE INDEX notes_user_post_idx ON notes (user_id, post_id);
CREATE INDEX notes_user_item_idx ON notes (user_id, list_item_id);

CREATE TABLE reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id integer REFERENCES posts (id) ON DELETE CASCADE,
  comment_id integer REFERENCES comments (id) ON DELETE CASCADE,
  list_item_id integer REFERENCES list_items (id) ON DELETE CASCADE,
  type text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT reports_one_target CHECK (num_nonnulls(post_id, comment_id, list_item_id) = 1)
);
CREATE UNIQUE INDEX reports_post_key ON reports (reporter_id, post_id);
CREATE UNIQUE INDEX reports_comment_key ON reports (reporter_id, comment_id);
CREATE UNIQUE INDEX reports_item_key ON reports (reporter_id, list_item_id);

CREATE TABLE prayer_sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  items_qtd smallint NOT NULL DEFAULT 0,
  started_at timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz(3)
);
CREATE INDEX prayer_sessions_user_idx ON prayer_sessions (user_id, started_at DESC);

-- docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'Exactly once': written in the same
-- transaction as the mutation's effect.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code smallint NOT NULL,
  response json NOT NULL, -- json keeps the stored body byte for byte for replays
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
