// docs/product.md §2 default layout: the logo, the colour mode and the language in the header; for the pages
// outside the application's navigation (welcome, app welcome, app version, the Lord's Prayer).
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../components/frames';

export const Route = createFileRoute('/_default')({
  component: () => (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  ),
});
