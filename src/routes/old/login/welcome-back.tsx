// '/old/login/welcome-back' (docs/product.md §2 older screen): now '/login/welcome-back' (an href: the
// target screen is added by the authentication screens).
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/old/login/welcome-back')({
  beforeLoad: () => {
    throw redirect({ href: '/login/welcome-back', replace: true });
  },
});
