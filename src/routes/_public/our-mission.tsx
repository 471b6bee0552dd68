// '/our-mission' (docs/product.md §2 public layout): the text is in src/content, one module per language.
import { createFileRoute } from '@tanstack/react-router';
import { usePublicContent } from '../../content';
import { ContentPage } from '../../components/content-page';

export const Route = createFileRoute('/_public/our-mission')({ component: OurMissionPage });

function OurMissionPage() {
  return <ContentPage page={usePublicContent().ourMission} />;
}
