// '/lords-prayer' (docs/product.md §2): Matthew 6:9-13 in the interface language, in public-domain
// translations (KJV, Almeida 1911 in current spelling, Reina-Valera 1909), set as verse.
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePublicContent } from '../../content';

export const Route = createFileRoute('/_default/lords-prayer')({ component: LordsPrayer });

function LordsPrayer() {
  const { t } = useTranslation();
  const prayer = usePublicContent().lordsPrayer;
  return (
    <article className="prayer">
      <title>{`${prayer.title} · ${t('app.name')}`}</title>
      <h1 className="prayer__title">{prayer.title}</h1>
      <p className="prayer__intro">{prayer.intro}</p>
      <blockquote className="prayer__text">
        {prayer.lines.map((line) => (
          <p key={line} className="prayer__line">
            {line}
          </p>
        ))}
        <p className="prayer__amen">{prayer.closing}</p>
      </blockquote>
      <p className="prayer__source">
        <cite>{prayer.reference}</cite> · {prayer.translation}
      </p>
    </article>
  );
}
