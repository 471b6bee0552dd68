// The member's own setting of which new posts of a group notify them (issue #28 item 6;
// docs/product.md §11 'Notifications'): one op, 'group.notify', offline first and exactly once
// like every command (src/commands/commit.ts); shown at once on the group's row.
import { GROUP_NOTIFY_LEVELS, type GroupNotifyLevel } from '../../common/group-contract';
import { getAuth, viewerId } from '../model/meta';
import { CommandError, fieldError } from './command-error';
import { commit, newEntry } from './commit';
import { requireRow } from './guards';

/** 'group.notify': 'all' new posts, 'requests' only (no thanks), or 'none'. A member of the group only (404 otherwise). */
export async function setGroupNotify(groupId: number, level: GroupNotifyLevel): Promise<void> {
  if (!GROUP_NOTIFY_LEVELS.includes(level)) throw fieldError('level', `level must be one of ${GROUP_NOTIFY_LEVELS.join(', ')}`, 'validation.invalid');
  await commit(async () => {
    if (viewerId(await getAuth()) === null) throw new CommandError(401, 'Sign in first', undefined, { code: 'auth.unauthenticated' });
    const group = await requireRow('groups', groupId);
    return newEntry('group.notify', { groupId: group.id }, { level });
  });
}
