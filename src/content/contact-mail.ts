// docs/product.md §7 has no contact call, so the contact form prepares an email (a mailto: link) to
// CONTACT_EMAIL and the visitor sends it from their own mail app
// (docs/decisions/0127-screens-frame-and-public-pages-the-smaller-pieces.md).
import { CONTACT_EMAIL } from './types';

type ContactMessage = { name: string; email: string; message: string };

/** Trimmed fields, or null when any is empty. */
export function readContactMessage(fields: Record<keyof ContactMessage, string>): ContactMessage | null {
  const message = { name: fields.name.trim(), email: fields.email.trim(), message: fields.message.trim() };
  return message.name && message.email && message.message ? message : null;
}

export function contactMailto(message: ContactMessage, subject: string): string {
  const body = `${message.message}\n\n— ${message.name} <${message.email}>`;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
