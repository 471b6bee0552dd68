// "Hide posts from this person" (issue #12 item 8; docs/api.md 'Hidden people'): the caller's
// hidden people, hide and show again. Members and guests alike (a guest is a user row too). The
// writes are mutation()s, so they are idempotent by key and batchable in sync/push
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../common/contract';
import type { HiddenPeopleResponse } from '../../common/hidden-people-contract';
import { hidePerson, listHiddenPeople, showPerson } from '../domain/hidden-people';
import { requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { idParam } from '../http/schemas';
import { parseInput } from '../http/validate';
import { z } from 'zod';
import type { RouteDeps } from './deps';

const personParams = z.object({ id: idParam });

export function registerHiddenPeopleRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/user/hidden-people', async (request): Promise<Envelope<HiddenPeopleResponse>> => {
    const session = await requireSession(db, request);
    return { data: await listHiddenPeople(db, session.user.id) };
  });

  app.put('/user/hidden-people/:id', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(personParams, request.params);
    return { data: await hidePerson(tx, session.user.id, id) };
  }));

  app.delete('/user/hidden-people/:id', mutation(db, async ({ tx, session, request }) => {
    const { id } = parseInput(personParams, request.params);
    return { data: await showPerson(tx, session.user.id, id) };
  }));
}
