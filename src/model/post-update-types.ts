// Issue #28 item 3: the outbox ops of a request's updates (docs/api.md 'Updates of a request'). An
// update lives inside its post's row (ApiPost.updates, PostLocal.addedUpdates / removedUpdates):
// it has no table of its own, so its id is in an entry's `ids` but names no row (outbox-index.ts).
import type { PostUpdateBody, PostUpdateDeletedResponse, PostUpdateResponse } from '../../common/post-updates-contract';

/** updateId: the temporary negative id of an update written here until the server gives its own. */
type UpdateTarget = { postId: number; updateId: number };

export type PostUpdateOps = {
  'postUpdate.create': { target: UpdateTarget; body: PostUpdateBody; response: PostUpdateResponse };
  'postUpdate.delete': { target: UpdateTarget; body: null; response: PostUpdateDeletedResponse };
};
