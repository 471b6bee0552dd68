// docs/product.md §2 error page: the status code, the status message and a 'Go back home' button to '/'.
import { useTranslation } from 'react-i18next';

type ErrorPageProps = {
  status: number;
  title: string;
  message: string;
  onGoHome: () => void;
};

export function ErrorPage({ status, title, message, onGoHome }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <main className="error-page" id="main">
      <title>{`${title} · ${t('app.name')}`}</title>
      <p className="error-page__code">
        <span className="visually-hidden">{t('errors.statusLabel')} </span>
        {status}
      </p>
      <h1 className="error-page__title">{title}</h1>
      <p className="error-page__message">{message}</p>
      <button type="button" className="button button--primary" onClick={onGoHome}>
        {t('errors.goHome')}
      </button>
    </main>
  );
}
