// '/help/delete-my-account-and-data' (docs/product.md §2 public layout): how to delete an account, what goes,
// and how to download a copy first.
import { createFileRoute } from '@tanstack/react-router';
import { usePublicContent } from '../../../content';
import { ContentPage } from '../../../components/content-page';

export const Route = createFileRoute('/_public/help/delete-my-account-and-data')({ component: DeleteAccountHelp });

function DeleteAccountHelp() {
  return <ContentPage page={usePublicContent().deleteAccount} />;
}
