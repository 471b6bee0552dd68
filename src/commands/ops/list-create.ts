// 'list.create' (docs/product.md §7 POST list): the list shows at once under a temporary negative id; items
// added to it offline wait for it (docs/architecture/sync-protocol.md 'Outbox and sync protocol')
// and on the ack one transaction gives it its real id everywhere, pending entries included. Issue
// #28 item 4: a list made in a group names it in target.groupId and waits for a group made offline,
// as post.create does; it is the group's, private, in its channel.
import { VISIBILITY } from '../../../common/contract';
import { db } from '../../model/db';
import { readChannel } from '../../db/reads';
import { EMPTY_LIST_LOCAL, type ListRow } from '../../model/types';
import { currentProfile, entryTime } from './local-rows';
import { type EntryOf, listRow, type OpModule } from './op-types';
import { groupField, groupRequires, refuseCreated, storeCreated } from './whole-rows';

async function temporaryList(entry: EntryOf<'list.create'>): Promise<ListRow> {
  const me = await currentProfile();
  const at = entryTime(entry);
  const { visibility } = entry.body;
  const groupId = entry.target.groupId ?? null;
  const group = groupId === null ? undefined : await db.groups.get(groupId);
  return {
    id: entry.target.listId,
    key: null,
    name: entry.body.name,
    description: entry.body.description ?? null,
    user_id: me?.id ?? null,
    user: me ? { id: me.id, username: me.username, name: me.name, avatar: me.profile.avatar } : null,
    channel_id: group?.channel_id ?? (await readChannel()).channelId,
    // New lists are PRIVATE unless asked otherwise
    // (docs/decisions/0093-visibility-of-a-list-guests-own-lists.md); a group's always.
    visibility: groupId === null && (visibility === 'PUBLIC' || visibility === VISIBILITY.PUBLIC) ? VISIBILITY.PUBLIC : VISIBILITY.PRIVATE,
    is_mine: true,
    is_garden: false,
    group_id: groupId,
    config: { qtd: 0 },
    qtd: 0,
    created_at: at,
    updated_at: at,
    local: { ...EMPTY_LIST_LOCAL },
  };
}

export const listCreate: OpModule<'list.create'> = {
  name: 'list.create',
  rows: (entry) => listRow(entry.target.listId),
  async apply(entry) {
    await db.lists.put(await temporaryList(entry));
  },
  request: (entry) => ({
    method: 'POST', path: 'list',
    body: { ...entry.body, ...groupField(entry.target) },
  }),
  requires: (entry) => groupRequires(entry.target),
  async onAck(entry, response, ctx) {
    await storeCreated('lists', entry.target.listId, response.list);
    await ctx.rebase(listRow(response.list.id));
  },
  async onRefuse(entry, error, ctx) {
    await refuseCreated('lists', entry.target.listId, error, ctx);
  },
};
