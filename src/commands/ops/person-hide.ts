// 'person.hide' and 'person.show' (issue #12 item 8; PUT / DELETE user/hidden-people/{id}). The
// optimistic change is the viewer's list and the person's posts leaving (or coming back to) every
// feed at once, offline too (src/db/hidden-people.ts). It is not local intent of a row, so no
// rebase re-applies it (rows: none); a refusal undoes it, the ack keeps it.
import { setPersonHidden } from '../../db/hidden-people';
import type { OpModule } from './op-types';

export const personHide: OpModule<'person.hide'> = {
  name: 'person.hide',
  rows: () => [],
  async apply(entry) {
    await setPersonHidden(entry.body.person, true);
  },
  request: (entry) => ({ method: 'PUT', path: `user/hidden-people/${entry.body.person.id}` }),
  requires: () => [],
  async onAck() {},
  async onRefuse(entry) {
    await setPersonHidden(entry.body.person, false);
  },
};

export const personShow: OpModule<'person.show'> = {
  name: 'person.show',
  rows: () => [],
  async apply(entry) {
    await setPersonHidden(entry.body.person, false);
  },
  request: (entry) => ({ method: 'DELETE', path: `user/hidden-people/${entry.body.person.id}` }),
  requires: () => [],
  async onAck() {},
  async onRefuse(entry) {
    await setPersonHidden(entry.body.person, true);
  },
};
