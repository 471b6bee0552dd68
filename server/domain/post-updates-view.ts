// The updates of a request as its answer carries them (issue #28 item 3; docs/api.md 'Updates of a
// request'): a column of the post query itself, so a page of posts is still one statement. A post
// without updates (posts.update_count = 0, migration 0015) reads nothing more; one with updates
// reads its rows by post_updates_post_idx, oldest first, as one JSON text.
import { sql } from 'drizzle-orm';
import type { ApiPostUpdate } from '../../common/contract';
import { postUpdates } from '../db/schema/post-updates';
import { posts } from '../db/schema/posts';

/** ISO 8601 UTC with milliseconds, as every time of the API (docs/api.md 'Conventions'). */
const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** The post's updates as JSON text, null when it has none. */
export function updatesOfPost() {
  return sql<string | null>`case when ${posts.updateCount} > 0 then (select json_agg(json_build_object(
      'id', ${postUpdates.id}, 'text', ${postUpdates.text},
      'created_at', to_char(${postUpdates.createdAt} at time zone 'UTC', ${ISO_UTC}))
      order by ${postUpdates.createdAt}, ${postUpdates.id})::text
    from ${postUpdates} where ${postUpdates.postId} = ${posts.id}) end`;
}

function isUpdate(value: unknown): value is ApiPostUpdate {
  if (typeof value !== 'object' || value === null) return false;
  const { id, text, created_at: createdAt } = value as Record<string, unknown>;
  return typeof id === 'number' && typeof text === 'string' && typeof createdAt === 'string';
}

/** The column's text as the answer's `updates` (none: an empty list). */
export function parseUpdates(json: string | null): ApiPostUpdate[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter(isUpdate) : [];
}
