// '/old/login/email' (docs/product.md §2 older screen): email sign-in is '/login' now.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/old/login/email')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
