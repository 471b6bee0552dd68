// The application layout (docs/product.md §2) for the signed-in screens, behind the welcome check: guests and
// members only; anyone else goes to the landing page. The layout itself (composer, refused changes)
// is -app-shell.tsx, shared with the settings and private screens.
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireWelcome } from './-checks';
import { ApplicationShell } from './-app-shell';

export const Route = createFileRoute('/_app')({
  beforeLoad: requireWelcome,
  component: ApplicationLayout,
});

function ApplicationLayout() {
  return (
    <ApplicationShell layout="application">
      <Outlet />
    </ApplicationShell>
  );
}
