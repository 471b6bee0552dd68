// Issue #12 'no temporary ids in addresses': a list or item made on this device opens at its
// temporary id (/lists/-4) so it works offline (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol'); once the server has given its real id, the address follows it (/lists/15), replacing
// the history entry so Back does not return to the temporary one. The old address keeps working:
// the reads follow meta.listIdMap (list-reads.ts).
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/** `shownListId` / `shownItemId`: the ids of the rows the screen shows (undefined while loading or missing). */
export function useRealIdAddress(address: { listId: number; itemId?: number }, shown: { listId?: number | undefined; itemId?: number | undefined }): void {
  const navigate = useNavigate();
  const { listId, itemId } = address;
  // Only a temporary (negative) id in the address is replaced: an address of real ids stays as it
  // was typed or linked, even when the item lives in another list (the old /old/lists/3/item/7).
  const realListId = listId < 0 && shown.listId !== undefined && shown.listId > 0 ? shown.listId : listId;
  const realItemId = itemId !== undefined && itemId < 0 && shown.itemId !== undefined && shown.itemId > 0 ? shown.itemId : itemId;
  useEffect(() => {
    if (realListId === listId && realItemId === itemId) return;
    if (realItemId === undefined) {
      void navigate({ to: '/lists/$listId', params: { listId: String(realListId) }, replace: true });
    } else {
      void navigate({ to: '/lists/$listId/item/$itemId', params: { listId: String(realListId), itemId: String(realItemId) }, replace: true });
    }
  }, [navigate, listId, itemId, realListId, realItemId]);
}
