// '/old/bookmarks/lists' (docs/product.md §2 older screen): bookmarks live in '/lists/bookmarks' now.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/old/bookmarks/lists')({
  beforeLoad: () => {
    throw redirect({ href: '/lists/bookmarks', replace: true });
  },
});
