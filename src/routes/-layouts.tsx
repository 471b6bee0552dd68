// Route options of the docs/product.md §2 layouts whose screens come with the data screens: a pathless layout
// route without children cannot exist (the generator maps it to '/'), so each is one line to add:
//   src/routes/_session.tsx:  export const Route = createFileRoute('/_session')(sessionLayout);
//   src/routes/_settings.tsx: export const Route = createFileRoute('/_settings')(settingsLayout);
//   src/routes/_private.tsx:  export const Route = createFileRoute('/_private')(privateLayout);
import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SessionLayout } from '../components/frames';
import { ArrowLeftIcon } from '../components/icons';
import { requireAuth, requireWelcome } from './-checks';
import { ApplicationShell } from './-app-shell';

/**
 * The way back above a settings or private screen: a link of its text's width on one line (issue
 * #12 point 5: it was a pill stretched across the desktop header and wrapped on a phone).
 */
function BackToCommunity() {
  const { t } = useTranslation();
  return (
    <Link to="/community" className="back-link">
      <ArrowLeftIcon size={18} />
      <span>{t('frame.backToCommunity')}</span>
    </Link>
  );
}

/** Full screen, minimal chrome ('/session'). No check of its own (docs/product.md §2). */
export const sessionLayout = {
  component: () => (
    <SessionLayout>
      <Outlet />
    </SessionLayout>
  ),
};

/**
 * Application-settings layout, auth check (a member): '/settings/*', '/profile/delete/...',
 * '/profile/download/...'. The application's header and navigation with a way back (issue #12 point 5).
 */
export const settingsLayout = {
  beforeLoad: requireAuth,
  component: () => (
    <ApplicationShell layout="settings">
      <BackToCommunity />
      <Outlet />
    </ApplicationShell>
  ),
};

/** Private layout, welcome check (a member or guest): '/notifications', '/statistics', '/moderation'. */
export const privateLayout = {
  beforeLoad: requireWelcome,
  component: () => (
    <ApplicationShell layout="private">
      <BackToCommunity />
      <Outlet />
    </ApplicationShell>
  ),
};
