// 'list.delete' (docs/product.md §7 DELETE list/{id}, owner only; the server hard-deletes it with its
// items). Hidden at once; on the ack the list and its items go; a refusal shows it again.
import type { OpTarget } from '../../model/outbox-types';
import { deleteRowOp } from './whole-rows';

export const listDelete = deleteRowOp('list.delete', 'lists', (target: OpTarget<'list.delete'>) => target.listId, 'list');
