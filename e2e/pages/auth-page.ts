// The login and register forms, located by role and accessible name.
import type { Locator, Page } from '@playwright/test';

export class AuthPage {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole('textbox', { name: 'Name' });
    this.email = page.getByRole('textbox', { name: 'Email' });
    this.password = page.getByLabel('Password');
    this.error = page.getByRole('alert');
  }

  async login(email: string, password: string): Promise<void> {
    await this.page.goto('/login');
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }

  async register(name: string, email: string, password: string): Promise<void> {
    await this.page.goto('/register');
    await this.name.fill(name);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}
