// 'group.delete' (issue #28 item 1; docs/api.md 'Prayer groups' DELETE group/{id}, admins): the group
// and its posts leave every screen at once (`local.deleted` hides them, as leaving does); on the
// ack its rows go from this device (its posts, their comments and notes, what the admin screen
// read of it); a refusal shows it again.
import type { OpTarget } from '../../model/outbox-types';
import { deleteRowOp } from './whole-rows';

export const groupDelete = deleteRowOp('group.delete', 'groups', (target: OpTarget<'group.delete'>) => target.groupId, 'group');
