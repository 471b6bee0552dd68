// '/contact': the form and the dialog holding the prepared email (docs/product.md §2 generic dialog).
import type { Locator, Page } from '@playwright/test';

export class ContactPage {
  readonly name: Locator;
  readonly email: Locator;
  readonly message: Locator;
  readonly send: Locator;
  readonly dialog: Locator;
  readonly closeButton: Locator;
  readonly mailLink: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole('textbox', { name: 'Your name' });
    this.email = page.getByRole('textbox', { name: 'Your email' });
    this.message = page.getByRole('textbox', { name: 'Message' });
    this.send = page.getByRole('button', { name: 'Write the email' });
    this.dialog = page.getByRole('dialog', { name: 'Your message is ready' });
    this.closeButton = this.dialog.getByRole('button', { name: 'Close' });
    this.mailLink = this.dialog.getByRole('link', { name: 'Open in my email app' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/contact');
  }

  async fill(name: string, email: string, message: string): Promise<void> {
    await this.name.fill(name);
    await this.email.fill(email);
    await this.message.fill(message);
  }
}
