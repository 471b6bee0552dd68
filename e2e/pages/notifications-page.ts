// The header bell and /notifications (issue #6), located by role, accessible name and test id.
import type { Locator, Page } from '@playwright/test';

export class NotificationsPage {
  readonly bell: Locator;
  readonly heading: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.bell = page.getByRole('link', { name: /^Notifications/ });
    this.heading = page.getByRole('heading', { level: 1, name: 'Notifications' });
    this.items = page.getByTestId('notification');
  }

  /** The unread count the bell announces (0 when its name has none). */
  async unreadCount(): Promise<number> {
    const label = (await this.bell.getAttribute('aria-label')) ?? '';
    const match = label.match(/(\d+) unread/);
    return match ? Number(match[1]) : 0;
  }

  item(text: string): Locator {
    return this.items.filter({ hasText: text });
  }
}
