// '/contact' (docs/product.md §2 public layout): name, email and message. There is no contact call in docs/product.md §7,
// so sending prepares an email to CONTACT_EMAIL in a dialog with a mailto: link, and the address is
// always shown for those without a mail app
// (docs/decisions/0127-screens-frame-and-public-pages-the-smaller-pieces.md).
import { useState, type FormEvent } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../../content';
import { contactMailto, readContactMessage } from '../../content/contact-mail';
import { AppDialog } from '../../components/app-dialog';
import { FormStatus } from '../../components/auth-card';
import { TextAreaField, TextField } from '../../components/text-field';

export const Route = createFileRoute('/_public/contact')({ component: ContactPage });

function field(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

function ContactPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [mailto, setMailto] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const message = readContactMessage({ name: field(data, 'name'), email: field(data, 'email'), message: field(data, 'message') });
    if (!message) return setError(t('contact.required'));
    setError(null);
    setMailto(contactMailto(message, t('contact.subject', { name: message.name })));
  }

  return (
    <article className="prose">
      <title>{`${t('contact.title')} · ${t('app.name')}`}</title>
      <h1 className="prose__title">{t('contact.title')}</h1>
      <p className="prose__lead">{t('contact.lead')}</p>
      <form className="form contact-form" onSubmit={submit} noValidate>
        <TextField label={t('contact.name')} name="name" autoComplete="name" required />
        <TextField label={t('contact.email')} name="email" type="email" autoComplete="email" required />
        <TextAreaField label={t('contact.message')} name="message" rows={6} required />
        <FormStatus error={error} />
        <button type="submit" className="button button--primary">
          {t('contact.send')}
        </button>
      </form>
      <p className="prose__note">{t('contact.how', { address: CONTACT_EMAIL })}</p>
      <AppDialog open={mailto !== null} onOpenChange={(isOpen) => !isOpen && setMailto(null)} title={t('contact.ready')}>
        <p className="dialog__body">{t('contact.opened', { address: CONTACT_EMAIL })}</p>
        <div className="form__actions dialog__actions">
          <a className="button button--primary" href={mailto ?? undefined}>
            {t('contact.openMail')}
          </a>
        </div>
      </AppDialog>
    </article>
  );
}
