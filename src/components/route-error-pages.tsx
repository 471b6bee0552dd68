// The router's not-found and error screens (docs/product.md §2, §8), both rendered with ErrorPage.
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { bannerMessage, describeError } from './api-error';
import { ErrorPage } from './error-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <ErrorPage
      status={404}
      title={t('errors.notFoundTitle')}
      message={t('errors.notFoundLead')}
      onGoHome={() => void router.navigate({ to: '/' })}
    />
  );
}

export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = describeError(error).status ?? 500;
  return (
    <ErrorPage
      status={status}
      title={t('errors.title')}
      message={bannerMessage({ status }, t, t('errors.status500'))}
      // A full load resets whatever state broke the screen.
      onGoHome={() => window.location.assign('/')}
    />
  );
}
