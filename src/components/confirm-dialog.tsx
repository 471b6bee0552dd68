// A question that needs an answer before going on (radix AlertDialog: focus starts on the safe
// choice; Escape cancels).
// The dialog itself is confirm-dialog-content.tsx, loaded when it first opens
// (deferred-dialog.tsx, issue #14 point 2).
import { deferredDialog } from './deferred-dialog';
import type { ConfirmDialogProps } from './confirm-dialog-content';

export const ConfirmDialog = deferredDialog<ConfirmDialogProps>(
  () => import('./confirm-dialog-content'),
  (props) => props.open,
);
