// A long-form public page (docs/product.md §2 public layout): a title, a lead and sections of prose.
import { useTranslation } from 'react-i18next';
import type { PublicPage } from '../content';

export function ContentPage({ page, note }: { page: PublicPage; note?: string }) {
  const { t } = useTranslation();
  return (
    <article className="prose">
      <title>{`${page.title} · ${t('app.name')}`}</title>
      <h1 className="prose__title">{page.title}</h1>
      <p className="prose__lead">{page.lead}</p>
      {note && <p className="prose__note">{note}</p>}
      {page.sections.map((section) => (
        <section key={section.heading} className="prose__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.list && (section.list.ordered ? <ol>{items(section.list.items)}</ol> : <ul>{items(section.list.items)}</ul>)}
        </section>
      ))}
    </article>
  );
}

function items(list: string[]) {
  return list.map((item) => <li key={item}>{item}</li>);
}
