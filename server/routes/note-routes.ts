// Private notes on posts (docs/product.md §7 Posts; docs/architecture.md 'Reference server': only their author sees them). Every call
// needs a session (member or guest): an anonymous visitor has no notes.
import type { FastifyInstance } from 'fastify';
import type { ApiNote, Envelope, Page } from '../../common/contract';
import { createNote, deleteNote, listNotes, updateNote } from '../domain/notes';
import { requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { noteParams, noteSchema, pageQuerySchema } from '../http/post-schemas';
import { postIdParams } from '../http/schemas';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export function registerNoteRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/post/:id/notes', async (request): Promise<Envelope<Page<ApiNote>>> => {
    const session = await requireSession(db, request);
    const { id } = parseInput(postIdParams, request.params);
    const { page } = parseInput(pageQuerySchema, request.query);
    return { data: await listNotes(db, id, session.user.id, page) };
  });

  app.post('/post/:id/note', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(postIdParams, request.params);
    const { note } = parseInput(noteSchema, request.body);
    return { status: 201, data: await createNote(tx, id, session.user.id, note) };
  }));

  app.put('/post/:id/note/:nid', mutation(db, async ({ tx, session, request }) => {
    const { id, nid } = parseInput(noteParams, request.params);
    const { note } = parseInput(noteSchema, request.body);
    return { data: { note: await updateNote(tx, id, nid, session.user.id, note) } };
  }));

  app.delete('/post/:id/note/:nid', mutation(db, async ({ tx, session, request }) => {
    const { id, nid } = parseInput(noteParams, request.params);
    return { data: await deleteNote(tx, id, nid, session.user.id) };
  }));
}
