// What the ops that make or remove a whole row share, for every kind of row (src/model/kinds.ts):
// the ack and the refusal of a create made under a temporary id, and the delete that hides a row
// at once and forgets it, with what belongs to it, once the server has removed it.
import type { ApiError } from '../../../common/contract';
import type { ServerRowOf } from '../../model/kinds';
import type { OpName } from '../../model/outbox-types';
import { forgetRows, putServerRows, rewriteTempId } from '../../model/rows';
import type { LocalTable } from '../../model/types';
import { modifyRow } from './local-rows';
import type { OpContext, OpModuleOf } from './op-types';

/** A create's ack: the row takes its real id everywhere (pending entries included), as the server sent it. */
export async function storeCreated<T extends LocalTable>(table: T, tempId: number, row: ServerRowOf[T]): Promise<void> {
  await rewriteTempId(table, tempId, row.id);
  await putServerRows(table, [row]);
}

/** A create's refusal: the row goes with what belongs to it, and the entries waiting for it are refused. */
export async function refuseCreated(table: LocalTable, tempId: number, error: ApiError, ctx: OpContext): Promise<void> {
  await forgetRows(table, [tempId]);
  await ctx.refuseDependents(tempId, error);
}

/** Issue #28: a post or a list made in a group names it in target.groupId, sent as group_id. */
export function groupField(target: { groupId?: number }): { group_id?: number } {
  return target.groupId === undefined ? {} : { group_id: target.groupId };
}

/** What a row made in a group waits for: a group made offline gets its real id first. */
export function groupRequires(target: { groupId?: number }): number[] {
  return target.groupId === undefined ? [] : [target.groupId];
}

/**
 * The delete of a list or a group (DELETE {path}/{id}): hidden at once (`local.deleted`); on the
 * ack it goes from this device with what belongs to it; a refusal shows it again.
 */
export function deleteRowOp<N extends OpName, T>(name: N, table: 'lists' | 'groups', id: (target: T) => number, path: 'list' | 'group'): OpModuleOf<N, { target: T }, unknown> {
  const row = (target: T) => [{ table, id: id(target) }];
  return {
    name,
    rows: (entry) => row(entry.target),
    async apply(entry) {
      await modifyRow(table, id(entry.target), (stored) => {
        stored.local.deleted = true;
      });
    },
    request: (entry) => ({ method: 'DELETE', path: `${path}/${id(entry.target)}` }),
    async onAck(entry) {
      await forgetRows(table, [id(entry.target)]);
    },
    async onRefuse(entry, _error, ctx) {
      await ctx.rebase(row(entry.target));
    },
  };
}
