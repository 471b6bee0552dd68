// The parents of comments and notes (docs/product.md §7): a post (post/{id}) or a list item
// (list/{listId}/item/{id}), named by their routes' params, with what the domains of their texts
// need of them (comments.ts, list-item-comments.ts, notes.ts).
import type { ApiListItem, ApiPost } from '../../common/contract';
import type { Db } from '../db/client';
import { requireActiveItem, requireVisibleItem } from './list-items';
import { requireVisiblePost } from './post-owner';
import type { ViewerId } from './post-view';

export type PostKey = { id: number };
export type ItemKey = { listId: number; id: number };

export type TextParent<K, Answer> = {
  /** Seeing the parent: reading its texts (404 when the viewer may not). */
  requireVisible(db: Db, key: K, viewerId: ViewerId): Promise<unknown>;
  /** Writing under it: a list item must be active (docs/product.md §4 List item). */
  requireWritable(db: Db, key: K, viewerId: ViewerId): Promise<unknown>;
  /** The parent, read after a create or a delete, as its answer carries it ({ post } or { item }). */
  answer(db: Db, key: K, viewerId: ViewerId): Promise<Answer>;
};

export const POST_PARENT: TextParent<PostKey, { post: ApiPost }> = {
  requireVisible: (db, key, viewerId) => requireVisiblePost(db, key.id, viewerId),
  requireWritable: (db, key, viewerId) => requireVisiblePost(db, key.id, viewerId),
  answer: async (db, key, viewerId) => ({ post: await requireVisiblePost(db, key.id, viewerId) }),
};

export const ITEM_PARENT: TextParent<ItemKey, { item: ApiListItem }> = {
  requireVisible: (db, key, viewerId) => requireVisibleItem(db, key.listId, key.id, viewerId),
  requireWritable: (db, key, viewerId) => requireActiveItem(db, key.listId, key.id, viewerId),
  answer: async (db, key, viewerId) => ({ item: await requireVisibleItem(db, key.listId, key.id, viewerId) }),
};
