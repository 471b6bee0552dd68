// Issue #12 point 7: before a guest logs out, what would be lost (counted on this device) and the
// offer to create an account instead, which keeps all of it
// (docs/decisions/0066-guests-keep-their-prayers-logging-out-warns-first.md). radix AlertDialog, as
// ConfirmDialog: focus starts on the safe choice; Escape stays. The dialog itself is
// guest-logout-dialog-content.tsx, loaded when it first opens (deferred-dialog.tsx, issue #14 point
// 2).
import { deferredDialog } from './deferred-dialog';
import type { GuestLogoutDialogProps } from './guest-logout-dialog-content';

export const GuestLogoutDialog = deferredDialog<GuestLogoutDialogProps>(
  () => import('./guest-logout-dialog-content'),
  (props) => props.loss !== null,
);
