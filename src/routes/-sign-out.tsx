// Logout (docs/product.md §4) with docs/architecture/sync-protocol.md 'Outbox and sync protocol''s
// rule that nothing unsent is dropped silently: when the outbox still holds changes, ask first, and
// only then log out with force. A guest is first told what the logout loses and offered an account
// instead (issue #12 point 7, GuestLogoutDialog).
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { UnsentChangesError, logout } from '../state';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';
import { GuestLogoutDialog } from '../components/guest-logout-dialog';
import { readGuestLoss, type GuestLoss } from '../db/guest-loss';
import { useSession } from '../db/queries';

export function useSignOut(): { signOut: () => void; confirmation: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const session = useSession();
  const [unsent, setUnsent] = useState(0);
  const [guestLoss, setGuestLoss] = useState<GuestLoss | null>(null);

  const run = useCallback(
    async (force: boolean) => {
      try {
        await logout({ force });
        await navigate({ to: '/' });
      } catch (err) {
        if (err instanceof UnsentChangesError) return setUnsent(err.unsent);
        banner.show({ kind: 'error', text: bannerMessage(err, t, t('account.logoutFailed')) });
      }
    },
    [banner, navigate, t],
  );

  const isGuest = session.kind === 'guest';
  const viewerId = session.user?.id ?? null;
  const signOut = useCallback(() => {
    if (!isGuest) return void run(false);
    readGuestLoss(viewerId).then(setGuestLoss, (err: unknown) => {
      console.warn('guest loss count failed', err);
      void run(false);
    });
  }, [isGuest, run, viewerId]);

  const guestConfirmation = (
    <GuestLogoutDialog
      loss={guestLoss}
      onCreateAccount={() => {
        setGuestLoss(null);
        void navigate({ to: '/register' });
      }}
      onLogout={() => {
        setGuestLoss(null);
        // The queued changes were listed: the guest has already agreed to lose them.
        void run(true);
      }}
      onCancel={() => setGuestLoss(null)}
    />
  );

  const confirmation = (
    <>
      {guestConfirmation}
      <ConfirmDialog
        open={unsent > 0}
        title={t('account.unsentTitle')}
        description={t('account.unsentBody', { count: unsent })}
        confirmLabel={t('account.discardAndLogout')}
        cancelLabel={t('account.stay')}
        onConfirm={() => {
          setUnsent(0);
          void run(true);
        }}
        onCancel={() => setUnsent(0)}
      />
    </>
  );
  return { signOut, confirmation };
}
