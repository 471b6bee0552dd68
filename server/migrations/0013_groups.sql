-- 0013: prayer groups (issue #28, server step 1; docs/product.md §11 Prayer groups;
-- docs/decisions/0180-prayer-groups-on-the-server.md). Mirrored by server/db/schema/groups.ts.
--
-- A group is private to its members. A membership row is kept when its member leaves or is removed
-- (left_at set), so the pull can tell a device it lost the group and a removal can be told apart
-- from leaving (removed_by). One live invite code per group: rotating revokes the old one.
CREATE TABLE prayer_groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel_id smallint NOT NULL REFERENCES channels (id),
  name text NOT NULL,
  description text,
  picture text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  deleted_at timestamptz(3)
);

CREATE TABLE group_members (
  group_id integer NOT NULL REFERENCES prayer_groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'member',
  joined_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  left_at timestamptz(3),
  removed_by integer REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (group_id, user_id),
  CONSTRAINT group_members_role CHECK (role IN ('admin', 'moderator', 'member'))
);
-- "My groups", and (step 2) the feed's "community + my groups": the live memberships of a person.
CREATE INDEX group_members_user_idx ON group_members (user_id, group_id) WHERE left_at IS NULL;

CREATE TABLE group_invites (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id integer NOT NULL REFERENCES prayer_groups (id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3),
  max_uses integer,
  uses integer NOT NULL DEFAULT 0,
  revoked_at timestamptz(3),
  CONSTRAINT group_invites_max_uses CHECK (max_uses IS NULL OR max_uses > 0)
);
CREATE UNIQUE INDEX group_invites_live_key ON group_invites (group_id) WHERE revoked_at IS NULL;

CREATE TABLE group_join_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id integer NOT NULL REFERENCES prayer_groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  decided_at timestamptz(3),
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  CONSTRAINT group_join_requests_status CHECK (status IN ('pending', 'approved', 'declined'))
);
-- One pending request per person and group; the admins' queue, oldest first.
CREATE UNIQUE INDEX group_join_requests_pending_key ON group_join_requests (group_id, user_id) WHERE status = 'pending';
CREATE INDEX group_join_requests_queue_idx ON group_join_requests (group_id, created_at) WHERE status = 'pending';
