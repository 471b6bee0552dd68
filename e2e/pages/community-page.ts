// The community feed ('/community') and its composer, located by role and accessible name.
import { expect, type Locator, type Page } from '@playwright/test';

/** The prayed count a Pray button shows, read from its accessible name (a post's or a list item's). */
export async function prayedCountOf(prayButton: Locator): Promise<number> {
  const name = (await prayButton.getAttribute('aria-label')) ?? '';
  const match = /^[^,]+, (\d+) /.exec(name);
  if (!match?.[1]) throw new Error(`No prayed count in "${name}"`);
  return Number(match[1]);
}

export class CommunityPage {
  readonly heading: Locator;
  readonly posts: Locator;
  readonly syncStatus: Locator;
  readonly shareButton: Locator;
  readonly composer: Composer;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Community prayers' });
    this.posts = page.getByRole('article');
    this.syncStatus = page.getByRole('status', { name: 'Sync status' });
    this.shareButton = page.getByRole('button', { name: 'Share a request' });
    this.composer = new Composer(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/community');
  }

  post(text: string): Locator {
    return this.posts.filter({ hasText: text });
  }

  /** Its name starts with what it shows (issue #12): the label of its state, then the count. */
  prayButton(post: Locator): Locator {
    return post.getByRole('button', { name: /^(Pray|You prayed|Give thanks|You gave thanks), \d+ / });
  }

  bookmarkButton(post: Locator): Locator {
    return post.getByRole('button', { name: 'Bookmark this post' });
  }

  /** The shown prayed count of a post. */
  prayedCount(post: Locator): Promise<number> {
    return prayedCountOf(this.prayButton(post));
  }

  async pray(post: Locator): Promise<void> {
    await this.prayButton(post).click();
  }

  async shareRequest(text: string): Promise<void> {
    await this.shareButton.click();
    await this.composer.fill(text);
    await this.composer.submit();
    await expect(this.composer.dialog).toBeHidden();
  }
}

export class Composer {
  readonly dialog: Locator;
  readonly textbox: Locator;
  readonly counter: Locator;
  readonly anonymous: Locator;
  readonly postButton: Locator;

  constructor(page: Page) {
    // "Share with the community", or "Share with <group>" when it posts to a prayer group (issue #28).
    this.dialog = page.getByRole('dialog', { name: /^Share with / });
    this.textbox = this.dialog.getByRole('textbox', { name: 'What is on your heart?' });
    this.counter = this.dialog.getByText(/\d+ \/ 2000 characters/);
    this.anonymous = this.dialog.getByRole('checkbox', { name: 'Post anonymously' });
    this.postButton = this.dialog.getByRole('button', { name: 'Post', exact: true });
  }

  kind(name: 'Prayer request' | 'Thanksgiving'): Locator {
    return this.dialog.getByRole('radio', { name });
  }

  async fill(text: string): Promise<void> {
    await this.textbox.fill(text);
  }

  async submit(): Promise<void> {
    await this.postButton.click();
  }
}
