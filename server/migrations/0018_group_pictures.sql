-- 0018: a prayer group's picture (issue #28 item 1; docs/product.md §11 'Limits';
-- docs/decisions/0199-group-pictures-are-uploaded-served-under-an-unguessable-name.md). Mirrored by
-- server/db/schema/groups.ts groupPictures. One picture per group, in the database like the
-- profile pictures (user_avatars, 0004) so API processes stay stateless; prayer_groups.picture holds
-- its path, /api/v1/group/{id}/picture/{file_name}, and the file name is new on every upload.
CREATE TABLE group_pictures (
  group_id integer PRIMARY KEY REFERENCES prayer_groups (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
