// '/register': name, email and password (the shared credentials form).
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card';
import { CredentialsForm } from './-auth-form';

export const Route = createFileRoute('/register')({ component: RegisterScreen });

function RegisterScreen() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.registerTitle')} lead={t('auth.registerLead')} footer={<Link to="/login">{t('auth.toLogin')}</Link>}>
      <CredentialsForm mode="register" />
    </AuthCard>
  );
}
