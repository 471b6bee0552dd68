// Updates of a request (issue #28 item 3; docs/api.md 'Updates of a request'): the author adds
// dated updates shown on the card in order; everyone who prayed is told (notification 'post_update').
import type { ApiPost, ApiPostUpdate, DeletedResponse } from './contract';

/** POST post/{id}/update. */
export type PostUpdateBody = { text: string };
/** 201: the new update and the post, whose `updates` already hold it. */
export type PostUpdateResponse = { update: ApiPostUpdate; post: ApiPost };
/** DELETE post/{id}/update/{updateId}: a hard delete. */
export type PostUpdateDeletedResponse = DeletedResponse & { post: ApiPost };
