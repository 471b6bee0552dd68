-- 0003: lists API (docs/product.md §3 List, §7 Lists). Forward-only; mirrored by server/db/schema/.

-- A 'garden of prayer' is one of the channel's curated public lists
-- (docs/decisions/0094-list-keys-counts-community-suggestions-and-gardens.md): garden_position
-- orders the garden; NULL means the list is not in it. There is no admin role (docs/product.md §6),
-- so curation is done by the seed or by operators in the database, never by the API.
ALTER TABLE lists ADD COLUMN garden_position integer;
CREATE INDEX lists_garden_idx ON lists (channel_id, garden_position) WHERE garden_position IS NOT NULL;

-- Community and garden listings: the public lists of one channel.
CREATE INDEX lists_public_idx ON lists (channel_id, updated_at DESC) WHERE visibility = 0;

-- Search over lists in the channel's language, like posts (docs/architecture/server.md 'Reference
-- server').
ALTER TABLE lists ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  to_tsvector(
    (CASE channel_id WHEN 2 THEN 'portuguese'::regconfig WHEN 3 THEN 'spanish'::regconfig ELSE 'english'::regconfig END),
    name || ' ' || coalesce(description, '')
  )
) STORED;
CREATE INDEX lists_search_idx ON lists USING gin (search_vector);

-- A key names a system list: one per channel for ownerless lists ('biblical-prayers'), one per
-- user for personal ones ('my-prayers'). The seed relies on these to stay idempotent.
CREATE UNIQUE INDEX lists_system_key ON lists (channel_id, key) WHERE user_id IS NULL AND key IS NOT NULL;
CREATE UNIQUE INDEX lists_user_key ON lists (user_id, key) WHERE user_id IS NOT NULL AND key IS NOT NULL;

