// '/register': name, email and password (the shared credentials form). A guest is told that
// everything done as a guest comes along (issue #12 point 7: the guest row becomes the member),
// and one sent here by the register check of Lists is told first why (?need=lists).
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { GUEST_TOKEN_COOKIE, readCookie } from '../state/cookies';
import { CredentialsForm } from './-auth-form';

type RegisterSearch = { need?: 'lists' };

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): RegisterSearch => (search.need === 'lists' ? { need: 'lists' } : {}),
  component: RegisterScreen,
});

function RegisterScreen() {
  const { t } = useTranslation();
  const { need } = Route.useSearch();
  const isGuest = readCookie(GUEST_TOKEN_COOKIE) !== null;
  return (
    <AuthCard title={t('auth.registerTitle')} lead={t('auth.registerLead')} footer={<Link to="/login">{t('auth.toLogin')}</Link>}>
      {need === 'lists' && (
        <p className="guest-notice" role="status">
          {t('guest.listsNeedAccount')}
        </p>
      )}
      {need !== 'lists' && isGuest && <p className="guest-notice">{t('guest.registerKeeps')}</p>}
      <CredentialsForm mode="register" />
    </AuthCard>
  );
}
