// The accounts screens (recovery, welcome back, settings, public profile) and the account menu,
// located by role and accessible name (English unless a test switches language).
import type { Locator, Page } from '@playwright/test';

export class AccountMenu {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Account' }).click();
  }

  async logout(): Promise<void> {
    await this.open();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
  }
}

export class RecoveryPages {
  readonly email: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByRole('textbox', { name: 'Email' });
    this.newPassword = page.getByLabel('New password', { exact: true });
    this.confirmPassword = page.getByLabel('Repeat the new password');
    this.alert = page.getByRole('alert');
  }

  async askForLink(email: string): Promise<void> {
    await this.page.goto('/forgot-password');
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Send the link' }).click();
  }

  async choosePassword(password: string, repeated: string = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(repeated);
    await this.page.getByRole('button', { name: 'Save the new password' }).click();
  }
}

export class WelcomeBackPage {
  readonly password: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('Password');
  }

  greeting(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Welcome back, ${name}` });
  }

  async logIn(password: string): Promise<void> {
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }
}

export class ProfileSettingsPage {
  readonly name: Locator;
  readonly username: Locator;
  readonly nickname: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole('textbox', { name: 'Name', exact: true });
    this.username = page.getByRole('textbox', { name: 'Username' });
    this.nickname = page.getByRole('textbox', { name: 'Nickname' });
    this.status = page.getByRole('status').filter({ hasText: /profile is saved/i });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/profile');
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save profile' }).click();
  }
}
