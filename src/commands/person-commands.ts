// Issue #12 item 8: "Hide posts from this person" and "Show again" (Settings, Hidden people).
// Through the outbox like every user action (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol'): the person's posts leave or come back to every feed at once, offline too; the server
// keeps the choice across devices.
import type { ApiUserSummary } from '../../common/contract';
import { getAuth, viewerId } from '../model/meta';
import { CommandError } from './command-error';
import { commit, newEntry } from './commit';

function personOf(person: ApiUserSummary): ApiUserSummary {
  return { id: person.id, username: person.username, name: person.name, avatar: person.avatar };
}

export async function hidePerson(person: ApiUserSummary): Promise<void> {
  await commit(async () => {
    const viewer = viewerId(await getAuth());
    if (viewer === null) throw new CommandError(401, 'Sign in to hide posts.');
    if (viewer === person.id) throw new CommandError(422, 'You cannot hide yourself');
    return newEntry('person.hide', {}, { person: personOf(person) });
  });
}

export async function showPerson(person: ApiUserSummary): Promise<void> {
  await commit(async () => newEntry('person.show', {}, { person: personOf(person) }));
}
