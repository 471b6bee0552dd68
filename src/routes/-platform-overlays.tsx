// The app-wide overlays of docs/product.md §2 that belong to the installed app: the notification prompt and
// the install prompt, one at a time, and only once the consent banner no longer blocks the page
// (src/platform/overlay-rule.ts, issue #12). The notification prompt is for someone with a session
// (a push token is registered for a user or guest, docs/product.md §7) and comes first; the install prompt
// waits until it is closed, and until the person has prayed or come back (engagement.ts).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../db/queries';
import { useBanner } from '../components/banner-provider';
import { InstallPromptDialog } from '../components/install-prompt-dialog';
import { NotificationPromptDialog } from '../components/notification-prompt-dialog';
import type { PermissionState } from '../platform/notification-prompt';
import { shownOverlay, type Overlay } from '../platform/overlay-rule';
import { useConsentSettled, useInstallPrompt, useNotificationPrompt, usePushRefresh } from '../platform/use-platform';

export function PlatformOverlays() {
  const { t } = useTranslation();
  const banner = useBanner();
  const session = useSession();
  const isConsentSettled = useConsentSettled();
  const hasSession = session.ready && session.kind !== 'anonymous';
  usePushRefresh(hasSession ? `${session.kind}:${String(session.user?.id ?? '')}` : null);

  const onAnswer = useCallback(
    (state: PermissionState) => {
      if (state === 'granted') banner.show({ kind: 'success', text: t('platform.notifications.on') });
      if (state === 'blocked') banner.show({ kind: 'error', text: t('platform.notifications.blocked') });
    },
    [banner, t],
  );
  const notification = useNotificationPrompt(hasSession && isConsentSettled, onAnswer);
  const install = useInstallPrompt(isConsentSettled, session.todayPrayerCount > 0);
  const [current, setCurrent] = useState<Overlay | null>(null);
  const shown = shownOverlay({ consent: !isConsentSettled, notification: notification.isOpen, install: install.isOpen }, current);
  // Remembered during render (React's 'state from the previous render' pattern): the next render
  // keeps this overlay while it is still wanted.
  if (shown !== current) setCurrent(shown);

  return (
    <>
      <NotificationPromptDialog
        open={shown === 'notification'}
        isBusy={notification.isBusy}
        onTurnOn={notification.turnOn}
        onNotNow={notification.notNow}
      />
      <InstallPromptDialog open={shown === 'install'} onInstall={install.install} onNotNow={install.notNow} onNever={install.never} />
    </>
  );
}
