// Posts in a prayer group (issue #28; docs/product.md §11 Prayer groups): where a new post may go,
// and a group's feed. Who may read a group's posts is group-visibility.ts, applied by every read.
import type { ChannelId, PostPage } from '../../common/contract';
import type { ApiGroup } from '../../common/group-contract';
import type { Db } from '../db/client';
import { fieldError, HttpError } from '../http/errors';
import { listFeed } from './feed';
import { readGroup, requireGroup } from './groups';

type FeedQuery = Parameters<typeof listFeed>[1];

/** The group a new post goes to: one the author is a live member of, else a 422 on group_id (the outbox shows it refused). */
export async function requirePostingGroup(db: Db, groupId: number, userId: number): Promise<ApiGroup> {
  try {
    return await requireGroup(db, groupId, userId);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw fieldError('group_id', 'group_id must be a group you are a member of', 'group.not_found');
    throw error;
  }
}

/** GET group/{id}/posts: the community feed's pages, types, search and cursors over one group's posts; members only (404; a former member's 403, readGroup). */
export async function groupFeed(db: Db, groupId: number, viewerId: number | null, query: FeedQuery): Promise<PostPage> {
  const group = await readGroup(db, groupId, viewerId);
  const channelId: ChannelId = group.channel_id;
  return listFeed(db, { ...query, groupId }, channelId, viewerId);
}
