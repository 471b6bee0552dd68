// Report a post or a comment: report-dialog-content.tsx, loaded when the dialog first opens
// (deferred-dialog.tsx, issue #14 point 2).
import { deferredDialog } from './deferred-dialog';
import type { ReportDialogProps } from './report-dialog-content';

export const ReportDialog = deferredDialog<ReportDialogProps>(
  () => import('./report-dialog-content'),
  (props) => props.open,
);
