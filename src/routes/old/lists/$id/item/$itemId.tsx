// '/old/lists/{id}/item/{itemId}' (docs/product.md §2 older screen): now '/lists/{id}/item/{itemId}'. The ids
// are validated here too, so a bad old link is a page-not-found like a bad new one.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { parseIdParam } from '../../../../-params';

export const Route = createFileRoute('/old/lists/$id/item/$itemId')({
  beforeLoad: ({ params }) => {
    const id = parseIdParam(params.id);
    const itemId = parseIdParam(params.itemId);
    throw redirect({ href: `/lists/${id}/item/${itemId}`, replace: true });
  },
});
