// Issue #12: the list behind the "Offline · N waiting" pill, read live from the outbox (what this
// account has queued, oldest first, with the words). Not a route (the '-' prefix keeps the router out).
// Issue #13: with the browser's persistence not granted, the eviction warning goes above the list,
// offering the install prompt when the browser holds one (src/platform/install-prompt.ts), or, in
// Safari's engine family, where its own install is (issue #23 point 4). Without Background Sync the
// list says its changes go out while the app is open.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingChanges } from '../db/change-queries';
import { useOnline } from '../state/online';
import type { WaitingItem } from '../components/waiting-changes-dialog';
import { evictionWarningOf, type EvictionWarning } from '../components/eviction-warning';
import { deferredDialog } from '../components/deferred-dialog';
import { startInstallPromptCapture } from '../platform/install-prompt';
import { usePersistence } from '../platform/storage-persistence';
import { currentBrowser, isAppleMobile, isWebKitSafari } from '../platform/environment';
import { hasBackgroundSync } from '../platform/sw-register';
import { opLabel } from './-failed-changes';

type WaitingChangesProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Loaded when first opened (issue #14's first-load budget; src/components/deferred-dialog.tsx). */
const WaitingChangesDialog = deferredDialog(() => import('../components/waiting-changes-dialog'), (props) => props.open);

/** The browser's install dialog; once installed, persistence is asked again (storage-persistence.ts, 'appinstalled'). */
function install(): void {
  startInstallPromptCapture()
    .prompt()
    .catch((err: unknown) => console.warn('install prompt failed', err));
}

function useEvictionWarning(pending: number): EvictionWarning | null {
  const persistence = usePersistence();
  const isOnline = useOnline();
  const prompt = startInstallPromptCapture();
  const { canPrompt, installed } = useSyncExternalStore(prompt.subscribe, prompt.getSnapshot, prompt.getSnapshot);
  const browser = currentBrowser();
  return evictionWarningOf({
    persistence, pending, isOnline, onInstall: canPrompt && !installed ? install : null, isWebKit: isWebKitSafari(browser), isAppleMobile: isAppleMobile(browser),
  });
}

export function WaitingChanges({ open, onOpenChange }: WaitingChangesProps) {
  const { t } = useTranslation();
  const waiting = useWaitingChanges(open);
  const changes: WaitingItem[] = (waiting ?? []).map((change) => ({
    key: change.key,
    what: opLabel(change.op, t),
    createdAt: new Date(change.createdAt).toISOString(),
    words: change.words,
    isSending: change.isSending,
  }));
  const warning = useEvictionWarning(changes.length);
  return <WaitingChangesDialog open={open} onOpenChange={onOpenChange} changes={changes} warning={warning} sendsInBackground={hasBackgroundSync()} />;
}
