// 'post.create': a request or thanksgiving written offline. It lives under a temporary negative
// id until the server answers; then one transaction rewrites that id everywhere
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
import { DEFAULT_CHANNEL_ID } from '../../../common/constants';
import { VISIBILITY } from '../../../common/contract';
import { db } from '../../model/db';
import { EMPTY_POST_LOCAL, type PostRow } from '../../model/types';
import { authorOf, currentProfile } from './local-rows';
import { type EntryOf, type OpModule, postRow } from './op-types';
import { groupField, groupRequires } from './whole-rows';

/** The row as the server will most likely return it; replaced by the real one on ack. */
async function temporaryRow(entry: EntryOf<'post.create'>): Promise<PostRow> {
  const me = await currentProfile();
  const isAnonymous = entry.body.is_anonymous ?? false;
  const at = new Date(entry.createdAt).toISOString();
  // Issue #28: a group's post is in the group's channel (the server's rule, docs/api.md POST post).
  const groupId = entry.target.groupId ?? null;
  const group = groupId === null ? undefined : await db.groups.get(groupId);
  return {
    id: entry.target.postId,
    user_id: isAnonymous ? null : (me?.id ?? null),
    user: authorOf(me, isAnonymous),
    type: entry.body.type,
    text: entry.body.text,
    answer_text: null,
    channel_id: group?.channel_id ?? entry.body.channel_id ?? DEFAULT_CHANNEL_ID,
    group_id: groupId,
    visibility: VISIBILITY.PUBLIC,
    is_anonymous: isAnonymous,
    is_mine: true,
    created_at: at,
    updated_at: at,
    updated_answer_at: null,
    atendido: false,
    prayedCount: 0,
    isPrayed: false,
    commentCount: 0,
    noteCount: 0,
    is_bookmarked: false,
    createdAtMs: entry.createdAt,
    local: { ...EMPTY_POST_LOCAL },
  };
}

export const postCreate: OpModule<'post.create'> = {
  name: 'post.create',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await db.posts.put(await temporaryRow(entry));
  },
  // docs/product.md §5 'post' action: the token is fetched when the entry is sent, never stored with it
  // (a token is single-use and expires within minutes; an offline post goes out much later).
  // Issue #28: the group lives in target (a group made offline gets its real id before this is sent).
  request: (entry) => ({
    method: 'POST', path: 'post', botCheck: 'post',
    body: { ...entry.body, ...groupField(entry.target) },
  }),
  requires: (entry) => groupRequires(entry.target),
  async onAck(entry, response, ctx) {
    await ctx.rewritePostId(entry.target.postId, response.post.id);
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(response.post.id));
  },
  async onRefuse(entry, error, ctx) {
    await db.posts.delete(entry.target.postId);
    await ctx.refuseDependents(entry.target.postId, error);
  },
};
