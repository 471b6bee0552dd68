// 'listItem.archive' (docs/product.md §7 DELETE list/{listId}/item/{id}/archive, owner only). docs/product.md §4: it
// leaves the current view at once; an archived item can only be restored (src/commands guards).
import { archiveStateOp } from './list-item-state';

export const listItemArchive = archiveStateOp('listItem.archive', true, 'DELETE', 'archive');
