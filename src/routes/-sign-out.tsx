// Logout (SPEC §4) with DESIGN.md §4's rule that nothing unsent is dropped silently: when the
// outbox still holds changes, ask first, and only then log out with force.
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { UnsentChangesError, logout } from '../state';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';

export function useSignOut(): { signOut: () => void; confirmation: ReactNode } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const [unsent, setUnsent] = useState(0);

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

  const confirmation = (
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
  );
  return { signOut: () => void run(false), confirmation };
}
