// Notes and comments on list items (docs/product.md §7 List item notes and comments). Notes need a session
// (they are private to their author); comments are readable by anyone who can see the item.
// Every write is a mutation() (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
import type { FastifyInstance } from 'fastify';
import {
  createItemComment, deleteItemComment, listItemComments, reportItemComment, updateItemComment,
} from '../domain/list-item-comments';
import { itemNotes } from '../domain/notes';
import { itemCommentParams, itemNoteParams, itemParams } from '../http/list-schemas';
import { commentSchema, noteSchema } from '../http/post-schemas';
import type { RouteDeps } from './deps';
import { registerTextRoutes } from './text-child-routes';

export function registerListItemSocialRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const parent = '/list/:listId/item/:id';
  registerTextRoutes(app, deps, {
    parent, parentParams: itemParams, listPath: 'note', readers: 'author',
    field: 'note', text: noteSchema, rowParam: 'nid', rowParams: itemNoteParams,
    list: itemNotes.list, create: itemNotes.create, update: itemNotes.update, remove: itemNotes.remove,
  });
  registerTextRoutes(app, deps, {
    parent, parentParams: itemParams, listPath: 'comments', readers: 'anyone',
    field: 'comment', text: commentSchema, rowParam: 'cid', rowParams: itemCommentParams,
    list: listItemComments, create: createItemComment, update: updateItemComment, remove: deleteItemComment, report: reportItemComment,
  });
}
