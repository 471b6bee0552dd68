// The prayer screens ('/pray', '/session'), located by role and accessible name (English).
import { expect, type Locator, type Page } from '@playwright/test';

/** src/model/db.ts DB_NAME (not imported: that module opens Dexie when loaded). */
const DB_NAME = 'prayer';

export class PrayPage {
  readonly heading: Locator;
  readonly sessionSize: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Time to pray' });
    // Issue #49 (review m11): a few sizes to choose, not a 1-50 drop-down.
    this.sessionSize = page.getByRole('group', { name: 'Items per session' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/pray');
    await expect(this.heading).toBeVisible();
  }

  /** The link that starts a session over one of my lists. */
  list(name: string): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${name}`) });
  }

  /** How many items of a list this device holds (the prefetch has landed when they are all there). */
  async localItemCount(listId: number): Promise<number> {
    return this.page.evaluate(
      ({ name, id }) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('listItems').objectStore('listItems').index('post_list_id').count(id);
            request.onsuccess = () => {
              open.result.close();
              resolve(request.result);
            };
            request.onerror = () => reject(request.error);
          };
        }),
      { name: DB_NAME, id: listId },
    );
  }
}

/** '/session': the guided session's beginning, one request at a time, and its end (issue #13 point 4). */
export class SessionPage {
  readonly progress: Locator;
  readonly text: Locator;
  readonly reference: Locator;
  readonly prayed: Locator;
  readonly skip: Locator;
  readonly previous: Locator;
  readonly start: Locator;
  readonly estimate: Locator;
  readonly timer: Locator;
  readonly finishedHeading: Locator;
  readonly endPrayed: Locator;
  readonly endSkipped: Locator;
  readonly endToday: Locator;
  readonly endStreak: Locator;
  readonly again: Locator;
  readonly done: Locator;
  readonly backToPray: Locator;

  constructor(readonly page: Page) {
    this.progress = page.getByTestId('session-progress');
    this.text = page.getByTestId('session-text');
    this.reference = page.getByTestId('session-reference');
    this.prayed = page.getByRole('button', { name: 'Prayed' });
    this.skip = page.getByRole('button', { name: 'Skip' });
    this.previous = page.getByRole('button', { name: 'Previous' });
    this.start = page.getByRole('button', { name: 'Start' });
    this.estimate = page.getByTestId('session-estimate');
    this.timer = page.getByRole('timer', { name: 'Quiet time left' });
    this.finishedHeading = page.getByRole('heading', { level: 1, name: 'Session finished' });
    this.endPrayed = page.getByTestId('session-end-prayed');
    this.endSkipped = page.getByTestId('session-end-skipped');
    this.endToday = page.getByTestId('session-end-today');
    this.endStreak = page.getByTestId('session-end-streak');
    this.again = page.getByRole('button', { name: 'Start another session' });
    this.done = page.getByRole('link', { name: 'Done' });
    this.backToPray = page.getByRole('link', { name: 'Choose another session' });
  }

  /** A choice of the beginning screen ('3', 'All (5)', 'Off', '1 minute'). */
  choice(name: string): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }

  todayCount(count: number): Locator {
    return this.page.getByText(count === 1 ? 'You prayed 1 time today' : `You prayed ${count} times today`);
  }
}

export class StatisticsPage {
  readonly heading: Locator;
  readonly offlineNote: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Your prayer life' });
    this.offlineNote = page.getByText('You are offline: these are the figures from your last visit.');
  }

  async goto(): Promise<void> {
    await this.page.goto('/statistics');
    await expect(this.heading).toBeVisible();
  }

  /** The value of one figure of the totals (a <dt>/<dd> pair). */
  figure(label: string): Locator {
    return this.page.locator('.statistics__total').filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) }).getByRole('definition');
  }

  chart(title: string): Locator {
    return this.page.getByRole('figure', { name: title });
  }

  async showTable(title: string): Promise<void> {
    await this.chart(title).getByText('Show as a table').click();
  }

  tableRows(title: string): Locator {
    return this.chart(title).getByRole('table').getByRole('row').filter({ has: this.page.getByRole('rowheader') });
  }
}
