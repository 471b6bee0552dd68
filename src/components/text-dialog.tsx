// A dialog asking for one text (a testimony, an edit, a comment or a note, refused words sent
// again): text-dialog-content.tsx, loaded when one first opens (deferred-dialog.tsx, issue #14
// point 2), so its form and draft keeping are not in the first load.
import { deferredDialog } from './deferred-dialog';
import type { TextDialogProps } from './text-dialog-content';

export type { TextDialogSpec } from './text-dialog-content';

export const TextDialog = deferredDialog<TextDialogProps>(
  () => import('./text-dialog-content'),
  (props) => props.spec !== null,
);
