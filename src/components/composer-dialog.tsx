// The composer for a new request or thanksgiving, in a radix Dialog (Escape, backdrop click and
// the close button all close it, docs/product.md §2). Validation mirrors the server's 2,000-character limit.
// The dialog itself is composer-dialog-content.tsx, loaded when it first opens
// (deferred-dialog.tsx, issue #14 point 2).
import { deferredDialog } from './deferred-dialog';
import { loadGroupTexts } from '../i18n/load-group-texts';
import type { ComposerDialogProps } from './composer-dialog-content';

export type { ComposerValues } from './composer-dialog-content';

// The "Post in" choice's words (issue #28) come with the dialog, not with the first load.
export const ComposerDialog = deferredDialog<ComposerDialogProps>(
  () => Promise.all([import('./composer-dialog-content'), loadGroupTexts()]).then(([module]) => module),
  (props) => props.open,
);
