// List items wired to their commands: pray, bookmark, and the docs/product.md §4/§6 actions menu (edit,
// archive, restore, delete) with its one edit dialog and one delete confirmation per screen.
// Every action is local-first (src/commands): it shows at once and is sent when online.
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  archiveListItem, deleteListItem, editListItem, prayForListItem, restoreListItem, toggleListItemBookmark, type PrayOutcome,
} from '../../../commands';
import { itemActionsMenu, type ItemAction } from '../../../db/item-actions-menu';
import { useSession } from '../../../db/queries';
import type { ShownListItem } from '../../../db/shown-lists';
import { bannerMessage } from '../../../components/api-error';
import { useBanner } from '../../../components/banner-provider';
import { changeTexts, useChangeToast, type ChangeToast, type UndoSpec } from '../../-change-toast';
import { reminderLabelOf, useRemindMe } from '../../-reminder-actions';
import type { DropdownEntry } from '../../../components/actions-dropdown';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ItemFormDialog, type ItemFormValues } from '../../../components/item-form-dialog';
import type { ListItemCardData } from '../../../components/list-item-card';
import { draftTarget } from '../../../state/drafts';

export function toItemCard(item: ShownListItem): ListItemCardData {
  return {
    id: item.id,
    listId: item.post_list_id,
    title: item.title,
    text: item.text,
    reference: item.reference,
    prayedCount: item.shownPrayedCount,
    isPrayed: item.isPrayed,
    isBookmarked: item.is_bookmarked,
    isArchived: item.isArchived,
    isPending: item.isPendingBesidesPrays,
    hasUnsentPrays: item.shownPrayedCount > item.prayedCount,
  };
}

export type ItemActions = {
  menuFor: (item: ShownListItem) => DropdownEntry[];
  /** What the tap did, null when it failed (the banner says why). */
  pray: (item: ShownListItem) => Promise<PrayOutcome | null>;
  toggleBookmark: (item: ShownListItem) => void;
  dialogs: ReactNode;
};

/** `onDeleted`: where to go once the item is deleted (its own screen leaves; a list stays). */
export function useItemActions(onDeleted?: () => void): ItemActions {
  const { t } = useTranslation();
  const banner = useBanner();
  const session = useSession();
  const viewer = session.user ? { id: session.user.id } : null;
  const [editing, setEditing] = useState<ShownListItem | null>(null);
  const [deleting, setDeleting] = useState<ShownListItem | null>(null);

  // Issue #12: a change with a banner says whether it is saved here and waiting, sending, or sent.
  const announce = useChangeToast();
  const run = useCallback(
    (action: () => Promise<unknown>, success?: ChangeToast, undo?: UndoSpec) =>
      void (success === undefined ? action() : announce(action, changeTexts(t, success), undo)).then(undefined, (err: unknown) =>
        banner.show({ kind: 'error', text: bannerMessage(err, t, t('lists.item.actionFailed')) }),
      ),
    [announce, banner, t],
  );

  const perform = (action: ItemAction, item: ShownListItem) => {
    if (action === 'editPost') setEditing(item);
    else if (action === 'deletePost') setDeleting(item);
    else if (action === 'archivePost') run(() => archiveListItem(item.id, { undoable: true }), 'itemArchived', { revert: () => restoreListItem(item.id) });
    else if (action === 'restorePost') run(() => restoreListItem(item.id), 'itemRestored');
  };

  // Issue #13 point 2: "Remind me to pray for this" on any active item the viewer sees.
  const remindMe = useRemindMe();
  const remindEntry = (item: ShownListItem): DropdownEntry[] =>
    viewer && !item.isArchived
      ? [{
          key: 'remindMe',
          label: t('reminders.remind.action'),
          onSelect: () => remindMe.open({ kind: 'item', list_id: item.post_list_id, item_id: item.id }, reminderLabelOf(item.title ?? item.text)),
        }]
      : [];

  const menuFor = (item: ShownListItem): DropdownEntry[] => [
    ...itemActionsMenu(item, viewer).map((action) => ({
      key: action,
      label: t(`lists.item.actions.${action}`),
      onSelect: () => perform(action, item),
      isDanger: action === 'deletePost',
    })),
    ...remindEntry(item),
  ];

  const saveEdit = async (values: ItemFormValues) => {
    if (!editing) return;
    const { id } = editing;
    await announce(
      () => editListItem(id, { text: values.text, title: values.title || null, reference: values.reference || null }),
      changeTexts(t, 'itemUpdated'),
    );
    setEditing(null);
  };

  const confirmDelete = () => {
    const item = deleting;
    setDeleting(null);
    if (!item) return;
    run(() => deleteListItem(item.id, { undoable: true }).then(() => onDeleted?.()), 'itemDeleted', {});
  };

  const dialogs = (
    <>
      {remindMe.dialog}
      <ItemFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        mode="edit"
        draftTarget={editing ? draftTarget('editItem', editing.id) : null}
        initial={editing ? { title: editing.title ?? '', text: editing.text, reference: editing.reference ?? '' } : undefined}
        onSubmit={saveEdit}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('lists.item.deleteTitle')}
        description={t('lists.item.deleteBody')}
        confirmLabel={t('lists.item.deleteConfirm')}
        cancelLabel={t('lists.list.keep')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );

  return {
    menuFor,
    pray: (item) =>
      prayForListItem(item.id).catch((err: unknown) => {
        banner.show({ kind: 'error', text: bannerMessage(err, t, t('lists.item.actionFailed')) });
        return null;
      }),
    toggleBookmark: (item) => run(() => toggleListItemBookmark(item.id)),
    dialogs,
  };
}
