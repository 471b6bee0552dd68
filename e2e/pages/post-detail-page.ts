// The post detail ('/community/post/{id}'): the post, its actions menu, the comments / notes
// switch, located by role and accessible name.
import type { Locator, Page } from '@playwright/test';

export class PostDetailPage {
  readonly card: Locator;
  readonly postMenu: Locator;
  readonly commentsTab: Locator;
  readonly notesTab: Locator;
  readonly commentBox: Locator;
  readonly commentButton: Locator;
  readonly noteBox: Locator;
  readonly noteButton: Locator;
  readonly backLink: Locator;

  constructor(readonly page: Page) {
    // The post is the first article; comments and notes are articles after it.
    this.card = page.getByRole('article').first();
    this.postMenu = this.card.getByRole('button', { name: 'Post actions' });
    this.commentsTab = page.getByRole('tab', { name: /^Comments \(\d+\)$/ });
    this.notesTab = page.getByRole('tab', { name: /^My notes \(\d+\)$/ });
    this.commentBox = page.getByRole('textbox', { name: 'Write a comment' });
    this.commentButton = page.getByRole('button', { name: 'Comment', exact: true });
    this.noteBox = page.getByRole('textbox', { name: 'Write a private note' });
    this.noteButton = page.getByRole('button', { name: 'Save note' });
    this.backLink = page.getByRole('link', { name: 'Back to the community' });
  }

  async goto(id: number): Promise<void> {
    await this.page.goto(`/community/post/${id}`);
  }

  menuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  comment(text: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: text }).getByRole('article');
  }

  likeButton(comment: Locator): Locator {
    return comment.getByRole('button', { name: /^Like, \d+ likes? on this comment$/ });
  }

  /** The post's text as shown on the card. */
  text(): Locator {
    return this.card.locator('.post-card__text');
  }
}
