// Settings → Prayer reminders ('/settings/reminders', issue #13 point 2) and its dialogs, located
// by role and accessible name.
import type { Locator, Page } from '@playwright/test';

export class RemindersPage {
  readonly heading: Locator;
  readonly reminders: Locator;
  readonly firstReminderButton: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Prayer reminders' });
    this.reminders = page.getByRole('list', { name: 'Your reminders' }).getByRole('listitem');
    this.firstReminderButton = page.getByRole('button', { name: 'Set your first reminder' });
    this.addButton = page.getByRole('button', { name: 'Add a reminder' });
    this.dialog = page.getByRole('dialog');
  }

  reminder(what: string): Locator {
    return this.reminders.filter({ hasText: what });
  }

  /** Fills the open add/edit dialog: the chosen weekdays on (others off), the time, what to open; then saves. */
  async fillAndSave(options: { days: string[]; time: string; what: string }): Promise<void> {
    const dayButtons = this.dialog.getByRole('group', { name: 'Days' }).getByRole('button');
    for (const button of await dayButtons.all()) {
      const name = (await button.textContent()) ?? '';
      const isPressed = (await button.getAttribute('aria-pressed')) === 'true';
      if (isPressed !== options.days.includes(name)) await button.click();
    }
    await this.dialog.getByLabel('Time').fill(options.time);
    await this.dialog.getByLabel('What to pray through').selectOption({ label: options.what });
    await this.dialog.getByRole('button', { name: 'Save reminder' }).click();
  }
}
