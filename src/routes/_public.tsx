// docs/product.md §2 public layout (light mode, logo and language in the header, links in the footer) for the
// pages a visitor reads before signing in: contact, mission, privacy, terms, help.
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/public-layout';

export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
