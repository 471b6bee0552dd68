// Issue #12: the list behind the "Offline · N waiting" pill, read live from the outbox (what this
// account has queued, oldest first, with the words). Not a route (the '-' prefix keeps the router out).
import { useTranslation } from 'react-i18next';
import { useWaitingChanges } from '../db/queries';
import { WaitingChangesDialog, type WaitingItem } from '../components/waiting-changes-dialog';
import { opLabel } from './-failed-changes';

type WaitingChangesProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function WaitingChanges({ open, onOpenChange }: WaitingChangesProps) {
  const { t } = useTranslation();
  const waiting = useWaitingChanges();
  const changes: WaitingItem[] = (waiting ?? []).map((change) => ({
    key: change.key,
    what: opLabel(change.op, t),
    createdAt: new Date(change.createdAt).toISOString(),
    words: change.words,
    isSending: change.isSending,
  }));
  return <WaitingChangesDialog open={open} onOpenChange={onOpenChange} changes={changes} />;
}
