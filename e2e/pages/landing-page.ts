// The landing page ('/'), located by role and accessible name.
import type { Locator, Page } from '@playwright/test';

export class LandingPage {
  readonly heading: Locator;
  readonly continueAsGuestButton: Locator;
  readonly loginLink: Locator;
  readonly registerLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.continueAsGuestButton = page.getByRole('button', { name: 'Continue as guest' });
    this.loginLink = page.getByRole('link', { name: 'Log in' });
    this.registerLink = page.getByRole('link', { name: 'Register' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }

  async continueAsGuest(): Promise<void> {
    await this.continueAsGuestButton.click();
    await this.page.waitForURL('**/community');
  }
}
