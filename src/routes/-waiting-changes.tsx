// Issue #12: the list behind the "Offline · N waiting" pill, read live from the outbox (what this
// account has queued, oldest first, with the words). Not a route (the '-' prefix keeps the router out).
// Issue #13: with the browser's persistence not granted, the eviction warning goes above the list,
// offering the install prompt when the browser holds one (src/platform/install-prompt.ts).
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingChanges } from '../db/queries';
import { useOnline } from '../state/online';
import { evictionWarningOf, WaitingChangesDialog, type EvictionWarning, type WaitingItem } from '../components/waiting-changes-dialog';
import { startInstallPromptCapture } from '../platform/install-prompt';
import { storagePersistence, usePersistence } from '../platform/storage-persistence';
import { opLabel } from './-failed-changes';

type WaitingChangesProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Installing makes Chromium keep the storage: asked again once the browser's dialog is accepted. */
function installThenAsk(): void {
  void startInstallPromptCapture()
    .prompt()
    .then((outcome) => (outcome === 'accepted' ? storagePersistence().ask('installed') : undefined))
    .catch((err: unknown) => console.warn('install prompt failed', err));
}

function useEvictionWarning(pending: number): EvictionWarning | null {
  const persistence = usePersistence();
  const isOnline = useOnline();
  const install = startInstallPromptCapture();
  const { canPrompt, installed } = useSyncExternalStore(install.subscribe, install.getSnapshot, install.getSnapshot);
  return evictionWarningOf({ persistence, pending, isOnline, onInstall: canPrompt && !installed ? installThenAsk : null });
}

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
  const warning = useEvictionWarning(changes.length);
  return <WaitingChangesDialog open={open} onOpenChange={onOpenChange} changes={changes} warning={warning} />;
}
