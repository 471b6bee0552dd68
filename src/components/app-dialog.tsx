// docs/product.md §2 generic dialog (radix Dialog): closed by Escape, a click on the backdrop, or its close
// button, which `hasCloseButton={false}` hides. The rules are in ./dialog-rules.ts. Focus moves
// into the dialog and returns to what had it before, trigger or not.
// The dialog itself is app-dialog-content.tsx, loaded when it first opens
// (deferred-dialog.tsx, issue #14 point 2).
import { deferredDialog } from './deferred-dialog';
import type { AppDialogProps } from './app-dialog-content';

export const AppDialog = deferredDialog<AppDialogProps>(
  () => import('./app-dialog-content'),
  (props) => props.open,
);
