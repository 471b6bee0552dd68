// '/privacy' (docs/product.md §2 public layout): the text is in src/content, one module per language.
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { POLICY_UPDATED, usePublicContent } from '../../content';
import { ContentPage } from '../../components/content-page';
import { formatDay } from '../../i18n/format';

export const Route = createFileRoute('/_public/privacy')({ component: PrivacyPage });

function PrivacyPage() {
  const { t, i18n } = useTranslation();
  return <ContentPage page={usePublicContent().privacy} note={t('frame.updated', { date: formatDay(POLICY_UPDATED, i18n.language) })} />;
}
