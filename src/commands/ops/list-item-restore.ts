// 'listItem.restore' (docs/product.md §7 PUT list/{listId}/item/{id}/restore, owner only): back among the
// active items (docs/product.md §4: it leaves the archived view at once).
import { archiveStateOp } from './list-item-state';

export const listItemRestore = archiveStateOp('listItem.restore', false, 'PUT', 'restore');
