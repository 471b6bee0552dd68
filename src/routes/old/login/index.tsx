// '/old/login' (docs/product.md §2 older screen): now '/login'.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/old/login/')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
