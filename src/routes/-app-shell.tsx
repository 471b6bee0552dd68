// The application layout (docs/product.md §2) with what it holds: the composer, the list of refused changes,
// the sign-out confirmation, the expired-session banner. The '/_app' screens use it, and so do the
// settings and private screens (issue #12 point 5: settings, statistics and notifications keep the
// app's navigation, bell and account menu; only their check and a back link differ, -layouts.tsx).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../db/queries';
import { useSyncStatus } from '../state/sync-status';
import { useUnreadNotifications } from '../db/account-queries';
import { lazyCommand } from '../commands/lazy';
import { hasAnyToken } from '../state';
import { AppLayout, type AppLayoutName } from '../components/app-layout';
import { useBanner } from '../components/banner-provider';
import { ComposerDialog, type ComposerValues } from '../components/composer-dialog';
import { FailedChanges } from './-failed-changes';
import { WaitingChanges } from './-waiting-changes';
import { postTexts, useChangeToast } from './-change-toast';
import { useSignOut } from './-sign-out';
import { FormBotCheckNotice } from './-bot-check';
import { useNotificationOffer } from '../platform/use-platform';
import { markTimingOnce } from '../platform/timing';
import { TextDialog } from '../components/text-dialog';
import { personName } from '../i18n/person-name';
import { guestNameSpec } from './-guest-name';

const createRequest = lazyCommand('createRequest');

export function ApplicationShell({ layout, children }: { layout: AppLayoutName; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const syncStatus = useSyncStatus();
  const unreadNotifications = useUnreadNotifications();
  const { signOut, confirmation } = useSignOut();
  const [isComposerOpen, setComposerOpen] = useState(false);
  const [isFailedOpen, setFailedOpen] = useState(false);
  const [isWaitingOpen, setWaitingOpen] = useState(false);
  const [isNaming, setNaming] = useState(false);
  const announce = useChangeToast();
  // Issue #28: on a group's pages the composer posts into that group unless the person chooses otherwise.
  const hereGroupId = Number(useParams({ strict: false }).groupId ?? Number.NaN);
  const turnOnNotifications = useNotificationOffer();
  useExpiredSessionBanner(session.expired);
  useLeaveWhenSignedOut(session.ready && session.kind === 'anonymous');
  markTimingOnce('boot:layout');

  const submitRequest = useCallback(
    async (values: ComposerValues) => {
      // Issue #12: 'Shared' only once the server has it; until then, saved on this device.
      await announce(() => createRequest(values), postTexts(t, values.groupName));
      setComposerOpen(false);
    },
    [announce, t],
  );

  return (
    <AppLayout
      layout={layout}
      syncStatus={syncStatus}
      account={{
        name: session.kind === 'member' ? (session.user?.name ?? null) : null,
        todayPrayerCount: session.todayPrayerCount,
        isModerator: session.kind === 'member' && session.user?.is_moderator === true,
        guest: session.kind === 'guest' && session.user ? { shownName: personName(session.user, t), onChooseName: () => setNaming(true) } : undefined,
      }}
      onShare={() => setComposerOpen(true)}
      onShowFailed={() => setFailedOpen(true)}
      onShowWaiting={() => setWaitingOpen(true)}
      onLogout={signOut}
      unreadNotifications={unreadNotifications}
      onTurnOnNotifications={turnOnNotifications}
    >
      {children}
      <ComposerDialog
        open={isComposerOpen}
        onOpenChange={setComposerOpen}
        onSubmit={submitRequest}
        groupId={Number.isInteger(hereGroupId) ? hereGroupId : undefined}
        notice={<FormBotCheckNotice />}
      />
      <FailedChanges open={isFailedOpen} onOpenChange={setFailedOpen} />
      <WaitingChanges open={isWaitingOpen} onOpenChange={setWaitingOpen} />
      <TextDialog spec={isNaming ? guestNameSpec(session.user?.name ?? '', session.user ? personName(session.user, t) : '', t, announce) : null} onClose={() => setNaming(false)} />
      {confirmation}
    </AppLayout>
  );
}

/** The token could not be refreshed: say so until the user signs in again (docs/product.md §4). */
function useExpiredSessionBanner(isExpired: boolean) {
  const { t } = useTranslation();
  const banner = useBanner();
  useEffect(() => {
    if (isExpired) banner.show({ kind: 'error', text: t('session.expired'), isPersistent: true });
  }, [banner, isExpired, t]);
}

/** docs/product.md §4: a session cleared at startup (or in another tab) sends the user to '/'. */
function useLeaveWhenSignedOut(isSignedOut: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isSignedOut && !hasAnyToken()) void navigate({ to: '/' });
  }, [isSignedOut, navigate]);
}
