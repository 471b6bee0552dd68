// 'group.create' (issue #28 item 5; docs/api.md 'Prayer groups' POST group): the group shows at once
// under a temporary negative id, its creator as admin; requests posted to it offline wait for it,
// and on the ack one transaction gives it its real id everywhere (its posts' group_id and the
// pending entries included: src/model/rows.ts rewriteTempId), as lists do.
import { DEFAULT_CHANNEL_ID } from '../../../common/constants';
import { db } from '../../model/db';
import { EMPTY_GROUP_LOCAL, type GroupRow } from '../../model/group-types';
import type { RowRef } from '../../model/types';
import { entryTime } from './local-rows';
import type { EntryOf, OpModule } from './op-types';
import { refuseCreated, storeCreated } from './whole-rows';

export const groupRow = (groupId: number): RowRef[] => [{ table: 'groups', id: groupId }];

/** The group as the server will most likely answer it; no invite link until then (the server makes one). */
function temporaryGroup(entry: EntryOf<'group.create'>): GroupRow {
  const at = entryTime(entry);
  const { body } = entry;
  return {
    id: entry.target.groupId,
    name: body.name,
    description: body.description ?? null,
    channel_id: body.channel_id ?? DEFAULT_CHANNEL_ID,
    picture: body.picture ?? null,
    created_at: at,
    updated_at: at,
    member_count: 1,
    my_role: 'admin',
    my_notify: 'all',
    invite: null,
    local: { ...EMPTY_GROUP_LOCAL },
  };
}

export const groupCreate: OpModule<'group.create'> = {
  name: 'group.create',
  rows: (entry) => groupRow(entry.target.groupId),
  async apply(entry) {
    await db.groups.put(temporaryGroup(entry));
  },
  request: (entry) => ({ method: 'POST', path: 'group', body: { ...entry.body } }),
  requires: () => [],
  async onAck(entry, response, ctx) {
    await storeCreated('groups', entry.target.groupId, response.group);
    await ctx.rebase(groupRow(response.group.id));
  },
  async onRefuse(entry, error, ctx) {
    // Its posts written here go with it; their entries are refused as dependents (their words kept).
    await refuseCreated('groups', entry.target.groupId, error, ctx);
  },
};
