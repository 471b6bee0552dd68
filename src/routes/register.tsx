// '/register': name, email and password (the shared credentials form). A guest is told that
// everything done as a guest comes along (issue #12 point 7: the guest row becomes the member),
// and one sent here by the register check of Lists is told first why (?need=lists). ?next= (issue
// #13 point 3) is where the new member goes, and travels on to /login.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { heldTokens } from '../state/held-session';
import { nextSearch, type NextSearch } from '../state/route-checks';
import { CredentialsForm } from './-auth-form';

type RegisterSearch = NextSearch & { need?: 'lists' };

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): RegisterSearch => ({
    ...nextSearch(search),
    ...(search.need === 'lists' ? { need: 'lists' as const } : {}),
  }),
  component: RegisterScreen,
});

function RegisterScreen() {
  const { t } = useTranslation();
  const { need, next } = Route.useSearch();
  const isGuest = heldTokens().hasGuestToken;
  return (
    <AuthCard title={t('auth.registerTitle')} lead={t('auth.registerLead')} footer={
        <Link to="/login" search={next === undefined ? {} : { next }}>
          {t('auth.toLogin')}
        </Link>
      }
    >
      {need === 'lists' && (
        <p className="guest-notice" role="status">
          {t('guest.listsNeedAccount')}
        </p>
      )}
      {need !== 'lists' && isGuest && <p className="guest-notice">{t('guest.registerKeeps')}</p>}
      <CredentialsForm mode="register" next={next} />
    </AuthCard>
  );
}
