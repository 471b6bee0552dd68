// The prayer lists ('/lists'), one list ('/lists/{id}') and one item ('/lists/{l}/item/{i}'),
// located by role and accessible name (English).
import { expect, type Locator, type Page } from '@playwright/test';
import { prayedCountOf } from './community-page';

export class ListsPage {
  readonly heading: Locator;
  readonly newListButton: Locator;
  readonly syncStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Prayer lists' });
    this.newListButton = page.getByRole('button', { name: 'New list' });
    this.syncStatus = page.getByRole('status', { name: 'Sync status' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/lists');
    await expect(this.heading).toBeVisible();
  }

  /** Creates a list through the dialog; the app opens the new list. */
  async createList(name: string, description: string): Promise<ListScreen> {
    await this.newListButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Create a list' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill(description);
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect(dialog).toBeHidden();
    const screen = new ListScreen(this.page);
    await expect(screen.heading(name)).toBeVisible();
    return screen;
  }
}

export class ListScreen {
  readonly items: Locator;
  readonly addItemButton: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByRole('article');
    this.addItemButton = page.getByRole('button', { name: 'Add a prayer' });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  item(title: string): Locator {
    return this.items.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  async addItem(title: string, text: string): Promise<void> {
    await this.addItemButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Add a prayer' });
    await dialog.getByRole('textbox', { name: 'Title (optional)' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Prayer', exact: true }).fill(text);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(this.item(title)).toHaveCount(1);
  }

  prayButton(title: string): Locator {
    return this.item(title).getByRole('button', { name: new RegExp(`^(Pray|You prayed), \\d+ prayers? so far: “${title}”`) });
  }

  /** The shown prayed count of an item. */
  prayedCount(title: string): Promise<number> {
    return prayedCountOf(this.prayButton(title));
  }

  async pray(title: string): Promise<void> {
    await this.prayButton(title).click();
  }

  /** Opens the item's actions menu (docs/product.md §4) and picks an action by its label. */
  async itemAction(title: string, action: 'Edit' | 'Archive' | 'Restore' | 'Delete'): Promise<void> {
    await this.item(title).getByRole('button', { name: `Options for “${title}”` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async showArchived(isArchived: boolean): Promise<void> {
    await this.page.getByRole('radio', { name: isArchived ? 'Archived' : 'Active' }).check();
  }

  async openItem(title: string): Promise<ItemScreen> {
    await this.item(title).getByRole('link', { name: /^Notes and comments/ }).click();
    const screen = new ItemScreen(this.page);
    await expect(screen.notesHeading).toBeVisible();
    return screen;
  }
}

export class ItemScreen {
  readonly notesHeading: Locator;
  readonly noteBox: Locator;
  readonly saveNoteButton: Locator;
  readonly backLink: Locator;

  constructor(readonly page: Page) {
    this.notesHeading = page.getByRole('heading', { level: 2, name: 'My notes' });
    this.noteBox = page.getByRole('textbox', { name: 'Write a note' });
    this.saveNoteButton = page.getByRole('button', { name: 'Save note' });
    this.backLink = page.getByRole('link', { name: 'Back to the list' });
  }

  async writeNote(text: string): Promise<void> {
    await this.noteBox.fill(text);
    await this.saveNoteButton.click();
    await expect(this.page.getByText(text, { exact: true })).toBeVisible();
  }
}
