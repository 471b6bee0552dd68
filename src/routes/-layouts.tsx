// Route options of the SPEC §2 layouts whose screens come with the data screens: a pathless layout
// route without children cannot exist (the generator maps it to '/'), so each is one line to add:
//   src/routes/_session.tsx:  export const Route = createFileRoute('/_session')(sessionLayout);
//   src/routes/_settings.tsx: export const Route = createFileRoute('/_settings')(settingsLayout);
//   src/routes/_private.tsx:  export const Route = createFileRoute('/_private')(privateLayout);
import { Outlet } from '@tanstack/react-router';
import { PrivateLayout, SessionLayout, SettingsLayout } from '../components/frames';
import { requireAuth, requireWelcome } from './-checks';

/** Full screen, minimal chrome ('/session'). No check of its own (SPEC §2). */
export const sessionLayout = {
  component: () => (
    <SessionLayout>
      <Outlet />
    </SessionLayout>
  ),
};

/** Application-settings layout, auth check (a member): '/settings/*', '/profile/delete/...', '/profile/download/...'. */
export const settingsLayout = {
  beforeLoad: requireAuth,
  component: () => (
    <SettingsLayout>
      <Outlet />
    </SettingsLayout>
  ),
};

/** Private layout, welcome check (a member or guest): '/notifications', '/statistics'. */
export const privateLayout = {
  beforeLoad: requireWelcome,
  component: () => (
    <PrivateLayout>
      <Outlet />
    </PrivateLayout>
  ),
};
