// Private notes on posts (docs/product.md §7 Posts; docs/architecture/server.md 'Reference server':
// only their author sees them). Every call needs a session (member or guest): an anonymous visitor
// has no notes.
import type { FastifyInstance } from 'fastify';
import { postNotes } from '../domain/notes';
import { noteParams, noteSchema } from '../http/post-schemas';
import { postIdParams } from '../http/schemas';
import type { RouteDeps } from './deps';
import { registerTextRoutes } from './text-child-routes';

export function registerNoteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerTextRoutes(app, deps, {
    parent: '/post/:id', parentParams: postIdParams, listPath: 'notes', readers: 'author',
    field: 'note', text: noteSchema, rowParam: 'nid', rowParams: noteParams,
    list: postNotes.list, create: postNotes.create, update: postNotes.update, remove: postNotes.remove,
  });
}
