// '/app-version' (docs/product.md §2): the product version (docs/product.md §1), this bundle's build id, and whether a
// newer build is waiting (the service worker's update rules, src/platform/sw-update.ts).
import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION, SW_UPDATE_CHECK_MS } from '../../../common/constants';
import { currentBuildId } from '../../platform/build-id';
import { shouldReloadOnNavigate } from '../../platform/sw-register';

export const Route = createFileRoute('/_default/app-version')({ component: AppVersion });

/** True once the update check saw a newer build; it then loads on the next navigation. */
function useUpdateWaiting(): boolean {
  const [isWaiting, setWaiting] = useState(shouldReloadOnNavigate);
  useEffect(() => {
    const timer = window.setInterval(() => setWaiting(shouldReloadOnNavigate()), SW_UPDATE_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return isWaiting;
}

function AppVersion() {
  const { t } = useTranslation();
  const isUpdateWaiting = useUpdateWaiting();
  const buildId = currentBuildId();
  return (
    <article className="prose">
      <title>{`${t('appVersion.title')} · ${t('app.name')}`}</title>
      <h1 className="prose__title">{t('appVersion.title')}</h1>
      <dl className="facts">
        <dt>{t('appVersion.version')}</dt>
        <dd data-testid="app-version">{PRODUCT_VERSION}</dd>
        <dt>{t('appVersion.build')}</dt>
        <dd>{buildId ?? t('appVersion.noBuild')}</dd>
      </dl>
      <p className="prose__note" role="status">
        {isUpdateWaiting ? t('appVersion.updateWaiting') : t('appVersion.upToDate')}
      </p>
    </article>
  );
}
